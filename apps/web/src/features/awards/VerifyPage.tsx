import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api-client';
import type { VerifyResponse } from '../../lib/contract';
import { formatDate } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { btn } from '../../ui/buttons';
import { FormAlert } from '../../ui/FormAlert';
import { PageBody, PageHead } from '../../ui/PageHead';
import { TextField } from '../../ui/TextField';
import { TeamLookup } from './TeamLookup';
import s from './verify.module.css';

type Cert = VerifyResponse['data'];
type VerifyData = { state: 'none' } | { state: 'valid'; cert: Cert } | { state: 'unknown'; code: string; message: string };

/** /verify/:certCode — anyone checks a certificate (issue 13, beyond the spec): the QR code on every certificate leads here. */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<VerifyData> {
  const code = (params.certCode ?? '').trim();
  if (!code) return { state: 'none' };
  try {
    const res = await api.get<VerifyResponse>('/api/lAward/verifyCertCode', {
      query: { certCode: code },
      signal: request.signal,
      silent: true,
      noRedirect: true,
    });
    return { state: 'valid', cert: res.data };
  } catch (error) {
    // (429 is not "unknown": the server renderer then steps aside and the visitor's browser asks with its own budget)
    if (isApiError(error) && error.status !== null && error.status < 500 && error.status !== 429)
      return { state: 'unknown', code, message: error.fieldErrors.certCode ?? error.message };
    throw error;
  }
}

const KIND_KEYS = {
  team: 'awards:verify.kind.team',
  player: 'awards:verify.kind.player',
  leader: 'awards:verify.kind.leader',
  volunteer: 'awards:verify.kind.volunteer',
} as const;

export default function VerifyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLoaderData() as VerifyData;
  const navigate = useNavigate();
  const [code, setCode] = useState(data.state === 'unknown' ? data.code : '');
  const [error, setError] = useState<string | undefined>();
  const title = t('awards:verify.title');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = code.trim().toUpperCase();
    if (!/^[2-9A-Z]{16}$/.test(v)) return setError(t('awards:verify.format'));
    setError(undefined);
    void navigate(`/verify/${v}`);
  };

  return (
    <>
      <PageHead title={title} lead={t('awards:verify.lead')} crumbs={[{ label: t('nav:home'), to: '/home' }, { label: title }]} />
      <PageBody narrow>
        {data.state === 'valid' ? (
          <section className={s.card} aria-labelledby="verify-result">
            <p className={s.badge} id="verify-result" role="status">
              <span aria-hidden="true">✓</span> {t('awards:verify.genuine')}
            </p>
            <dl className={s.facts}>
              <dt>{t('awards:verify.kindLabel')}</dt>
              <dd>{t(KIND_KEYS[data.cert.kind])}</dd>
              <dt>{t('awards:verify.name')}</dt>
              <dd>{data.cert.name}</dd>
              {data.cert.teamName && data.cert.kind !== 'team' ? (
                <>
                  <dt>{t('awards:verify.team')}</dt>
                  <dd>{data.cert.teamName}</dd>
                </>
              ) : null}
              <dt>{t('awards:verify.award')}</dt>
              <dd className={s.award}>{data.cert.awardName}</dd>
              {data.cert.programName ? (
                <>
                  <dt>{t('awards:verify.program')}</dt>
                  <dd>{data.cert.programName}</dd>
                </>
              ) : null}
              <dt>{t('awards:verify.activity')}</dt>
              <dd>{data.cert.activityName}</dd>
              <dt>{t('awards:verify.issued')}</dt>
              <dd>{formatDate(data.cert.issuedAt, lang)}</dd>
              <dt>{t('awards:verify.code')}</dt>
              <dd className={s.code}>{data.cert.certCode}</dd>
            </dl>
            <a className={btn.primary} href={`/api/lAward/cert/${data.cert.certCode}`} download>
              {t('awards:verify.download')}
            </a>
          </section>
        ) : null}
        {data.state === 'unknown' ? <FormAlert message={`${data.message} (${data.code})`} /> : null}
        <form className={s.form} onSubmit={submit} noValidate>
          <TextField
            label={t('awards:verify.input')}
            name="certCode"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={error}
            maxLength={40}
          />
          <button type="submit" className={btn.secondary}>
            {t('awards:verify.check')}
          </button>
        </form>
        <TeamLookup />
      </PageBody>
    </>
  );
}
