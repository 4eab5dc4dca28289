import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsentLinkView, ConsentState } from '@rp/shared';
import { api, errorMessage, isApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { currentLang, isAppLang, setLanguage } from '../../lib/i18n';
import { Link } from '../../lib/link';
import { useLang } from '../../lib/use-lang';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { POLICY_PATHS } from '../../ui/PolicyCheckbox';
import { TextField } from '../../ui/TextField';
import s from './consent.module.css';

type Decision = 'consent' | 'refuse' | 'withdraw';
export type GuardianData = { state: 'ok'; token: string; view: ConsentLinkView } | { state: 'invalid'; message: string };

const quiet = { silent: true, noRedirect: true } as const;

/** A consent's state in words (the roster's words too: registration's consent tag uses the same states). */
export const STATUS_KEYS: Record<Exclude<ConsentState, 'notNeeded' | 'none'>, string> = {
  pending: 'consent:status.pending',
  consented: 'consent:status.consented',
  refused: 'consent:status.refused',
  withdrawn: 'consent:status.withdrawn',
};

/**
 * /guardianConsent?token=…(&lang=en) — the page of the SMS a coach sends a guardian (issue 37): what is held
 * about the child (masked by the server), then consent or refuse once; a consent can be withdrawn later on the
 * same link. Forged, expired, superseded and answered links each say so. Not server-rendered (never cached).
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<GuardianData> {
  const params = new URL(request.url).searchParams;
  const lang = params.get('lang');
  if (isAppLang(lang) && lang !== currentLang()) await setLanguage(lang);
  const token = params.get('token')?.trim() ?? '';
  try {
    if (!token) throw new Error('no token');
    const res = await api.get<{ data: ConsentLinkView }>('/api/guardianConsent', { ...quiet, query: { token }, signal: request.signal });
    return { state: 'ok', token, view: res.data };
  } catch (e) {
    if (isApiError(e) && (e.status === null || e.status >= 500 || e.status === 429)) throw e;
    if (isApiError(e, 'ABORTED')) throw e;
    return { state: 'invalid', message: isApiError(e) ? e.message : '' };
  }
}

export default function GuardianConsentPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as GuardianData;
  return (
    <section className={s.page} aria-labelledby="consent-title">
      <h1 id="consent-title" className={s.title}>
        {t('consent:title')}
      </h1>
      {data.state === 'invalid' ? (
        <div className={s.card} role="alert">
          <h2>{t('consent:invalid.title')}</h2>
          <p>{data.message || t('consent:invalid.body')}</p>
          <p className={s.muted}>{t('consent:invalid.help')}</p>
        </div>
      ) : (
        <Request token={data.token} view={data.view} />
      )}
    </section>
  );
}

function Request({ token, view }: { token: string; view: ConsentLinkView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const revalidator = useRevalidator();
  const [guardianName, setGuardianName] = useState(view.guardianName);
  const [relationship, setRelationship] = useState(view.relationship);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function decide(decision: Decision) {
    setBusy(true);
    setError(null);
    try {
      const body = decision === 'withdraw' ? { token, decision } : { token, decision, guardianName, relationship };
      const res = await api.post<{ resultStr?: string }>('/api/guardianConsent/decide', body, quiet);
      setDone(res.resultStr ?? null);
      setConfirmWithdraw(false);
    } catch (e) {
      setError(errorMessage(e, t('consent:failed')));
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  const c = view.child;
  const facts: [string, string][] = [
    [t('consent:child.name'), c.name],
    [t('consent:child.card'), c.card || t('consent:child.none')],
    [t('consent:child.birth'), c.birthDay ?? t('consent:child.none')],
    [t('consent:child.gender'), c.gender ? t(c.gender === 'F' ? 'consent:child.female' : 'consent:child.male') : t('consent:child.none')],
    [t('consent:child.school'), c.school || t('consent:child.none')],
    [t('consent:child.photo'), t(c.hasPhoto ? 'consent:child.photoYes' : 'consent:child.photoNo')],
  ];
  const expired = view.status === 'pending' && !view.canDecide;
  return (
    <>
      <p className={s.lead}>{t('consent:lead', { coach: view.requestedBy || t('consent:aCoach'), activity: view.activity })}</p>
      <div className={s.card}>
        <h2>{t('consent:held')}</h2>
        <dl className={s.facts}>
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
        <p className={s.muted}>{t('consent:masked')}</p>
      </div>
      <FormAlert message={error} />
      {done ? <FormAlert tone="info" message={done} /> : null}
      <div className={s.card} aria-live="polite">
        <h2>{t('consent:answer')}</h2>
        <p className={s.status}>
          <span className={`${s.badge} ${s[view.status]}`}>{t(STATUS_KEYS[view.status])}</span>
          {view.decidedAt ? <span className={s.muted}> {formatDateTime(view.decidedAt, lang)}</span> : null}
        </p>
        {expired ? <p role="alert">{t('consent:expired')}</p> : null}
        {view.status === 'refused' ? <p>{t('consent:refusedNote')}</p> : null}
        {view.status === 'withdrawn' ? <p>{t('consent:withdrawnNote')}</p> : null}
        {view.status === 'consented' && !view.canWithdraw ? <p>{t('consent:superseded')}</p> : null}
        {view.canDecide ? (
          <form
            className={s.form}
            onSubmit={(e) => {
              e.preventDefault();
              void decide('consent');
            }}
          >
            <TextField
              label={t('consent:guardianName')}
              value={guardianName}
              maxLength={50}
              autoComplete="name"
              onChange={(e) => setGuardianName(e.target.value)}
            />
            <TextField
              label={t('consent:relationship')}
              value={relationship}
              maxLength={20}
              placeholder={t('consent:relationshipHint')}
              onChange={(e) => setRelationship(e.target.value)}
            />
            <p>
              {t('consent:rulesBefore')}{' '}
              <Link to={POLICY_PATHS.children} target="_blank" rel="noopener">
                {view.policy
                  ? t('consent:rulesVersion', { title: view.policy.title, version: view.policy.version, date: formatDate(view.policy.effectiveAt, lang) })
                  : t('consent:rules')}
              </Link>
            </p>
            <div className={s.actions}>
              <button type="submit" className={`${btn.primary} ${btn.block}`} disabled={busy}>
                {t('consent:consent')}
              </button>
              <button type="button" className={`${btn.secondary} ${btn.block}`} disabled={busy} onClick={() => void decide('refuse')}>
                {t('consent:refuse')}
              </button>
            </div>
          </form>
        ) : null}
        {view.canWithdraw ? (
          confirmWithdraw ? (
            <div className={s.form}>
              <p role="alert">{t('consent:withdrawConfirm')}</p>
              <div className={s.actions}>
                <button type="button" className={`${btn.primary} ${btn.block}`} disabled={busy} onClick={() => void decide('withdraw')}>
                  {t('consent:withdrawYes')}
                </button>
                <button type="button" className={`${btn.secondary} ${btn.block}`} disabled={busy} onClick={() => setConfirmWithdraw(false)}>
                  {t('consent:withdrawNo')}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className={`${btn.secondary} ${btn.block}`} onClick={() => setConfirmWithdraw(true)}>
              {t('consent:withdraw')}
            </button>
          )
        ) : null}
      </div>
    </>
  );
}
