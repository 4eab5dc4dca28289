import { Alert, Button, Checkbox, Input, Radio } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberItem } from '@rp/shared';
import { isApiError } from '../../lib/api-client';
import { Link } from '../../lib/link';
import { declareConsentMutation, requestConsentMutation } from './api';
import { errorText, notice } from './common';
import { ConsentTag } from './ConsentTag';
import { useWriteLock } from './lock';
import s from './registration.module.css';

/** Where a child's data is collected: the children's rules, linked (issue 37). */
export function ChildRulesNote() {
  const { t } = useTranslation();
  return (
    <p className={`${s.muted} ${s.rulesNote}`}>
      {t('registration:consent.rulesNote')}{' '}
      <Link to="/childPrivacy" target="_blank" rel="noopener">
        {t('registration:consent.rulesLink')}
      </Link>
    </p>
  );
}

type Way = 'self' | 'sms';

/**
 * A player under 14 whose activity asks for a guardian's consent (issue 37): the state in words, and until the
 * guardian has consented either the account holder's declaration (they are the parent or guardian and agree to
 * the children's rules, a box never pre-ticked) or an SMS link to the guardian (mobile + relationship).
 */
export function ConsentBlock({ member, inline = false }: { member: MemberItem; inline?: boolean }) {
  const { t } = useTranslation();
  const lock = useWriteLock();
  const uid = useId();
  const [way, setWay] = useState<Way>('sms');
  const [guardianName, setGuardianName] = useState('');
  const [relationship, setRelationship] = useState('');
  const [guardianPhone, setGuardianPhone] = useState('');
  const [agree, setAgree] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const declare = useMutation(declareConsentMutation);
  const request = useMutation(requestConsentMutation);
  if (member.consent === 'notNeeded') return null;
  const open = member.consent !== 'consented' && !lock.locked;

  const onError = (e: unknown) =>
    setProblem({ message: errorText(e, t('registration:notice.serverBusy')), fields: isApiError(e) ? (e.fieldErrors ?? {}) : {} });
  const onSuccess = (res: { resultStr: string }) => {
    setProblem(null);
    notice.success(res.resultStr);
  };
  const send = () => {
    setProblem(null);
    if (way === 'self') {
      if (!agree) return setProblem({ message: t('registration:consent.agreeRequired'), fields: { agree: t('registration:consent.agreeRequired') } });
      declare.mutate({ memberId: member.id, guardianName, relationship, agree: true }, { onSuccess, onError });
    } else request.mutate({ memberId: member.id, guardianName, guardianPhone, relationship }, { onSuccess, onError });
  };
  const field = (name: string, label: string, value: string, set: (v: string) => void, extra: { maxLength: number; type?: string; required?: boolean }) => (
    <div className={s.consentField}>
      <label htmlFor={`${uid}-${name}`}>
        {label}
        {extra.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Input
        id={`${uid}-${name}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        maxLength={extra.maxLength}
        type={extra.type}
        aria-required={extra.required || undefined}
        status={problem?.fields[name] ? 'error' : undefined}
        aria-invalid={problem?.fields[name] ? true : undefined}
      />
      {problem?.fields[name] ? <span className={s.consentError}>{problem.fields[name]}</span> : null}
    </div>
  );

  // inline (a row of a team or of a batch, ConsentInline): the row shows the name and state, its list the rules
  return (
    <section
      className={s.consent}
      {...(inline ? { 'aria-label': t('registration:consent.forPlayer', { name: member.name }) } : { 'aria-labelledby': `${uid}-title` })}
    >
      {inline ? null : (
        <h3 id={`${uid}-title`} className={s.consentTitle}>
          {t('registration:consent.title')} <ConsentTag state={member.consent} />
        </h3>
      )}
      <p className={s.muted}>{t(member.consent === 'pending' ? 'registration:consent.pendingHelp' : 'registration:consent.help')}</p>
      {inline ? null : <ChildRulesNote />}
      {open ? (
        <>
          <Radio.Group
            aria-label={t('registration:consent.how')}
            value={way}
            onChange={(e) => {
              setWay(e.target.value as Way);
              setProblem(null);
            }}
            options={[
              { value: 'sms', label: t('registration:consent.waySms') },
              { value: 'self', label: t('registration:consent.waySelf') },
            ]}
          />
          {way === 'sms'
            ? field('guardianPhone', t('registration:consent.guardianPhone'), guardianPhone, setGuardianPhone, { maxLength: 11, type: 'tel', required: true })
            : null}
          {field('guardianName', t('registration:consent.guardianName'), guardianName, setGuardianName, { maxLength: 50, required: way === 'self' })}
          {field('relationship', t('registration:consent.relationship'), relationship, setRelationship, { maxLength: 20, required: way === 'self' })}
          {way === 'self' ? (
            <div className={s.consentField}>
              <Checkbox checked={agree} onChange={(e) => setAgree(e.target.checked)} aria-invalid={problem?.fields.agree ? true : undefined}>
                {t('registration:consent.declaration')}
              </Checkbox>
            </div>
          ) : null}
          {problem ? <Alert type="error" showIcon role="alert" className={s.alert} title={problem.message} /> : null}
          <Button type="primary" onClick={send} loading={declare.isPending || request.isPending}>
            {t(way === 'self' ? 'registration:consent.declare' : member.consent === 'pending' ? 'registration:consent.resend' : 'registration:consent.send')}
          </Button>
        </>
      ) : null}
    </section>
  );
}

/**
 * One player's consent in a row of several (a team's members, the players just saved on the one-form team
 * screen): the state in words and, until the guardian has consented, a button that opens the way to get it
 * (the account holder's declaration or the guardian's SMS link: ConsentBlock). Nothing for a player who needs none.
 */
export function ConsentInline({ member }: { member: MemberItem }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const uid = useId();
  if (member.consent === 'notNeeded') return null;
  const more = member.consent !== 'consented';
  return (
    <div className={s.consentInline}>
      <ConsentTag state={member.consent} />
      {more ? (
        <Button
          size="small"
          type="link"
          aria-expanded={open}
          aria-controls={open ? uid : undefined}
          aria-label={t('registration:consent.getWayFor', { name: member.name })}
          onClick={() => setOpen(!open)}
        >
          {t('registration:consent.getWay')}
        </Button>
      ) : null}
      {more && open ? (
        <div id={uid}>
          <ConsentBlock member={member} inline />
        </div>
      ) : null}
    </div>
  );
}

/** The players of a batch who need a guardian's consent, each with ConsentInline; nothing when none does. */
export function ConsentList({ members }: { members: MemberItem[] }) {
  const { t } = useTranslation();
  const uid = useId();
  const children = members.filter((m) => m.consent !== 'notNeeded');
  if (!children.length) return null;
  return (
    <section aria-labelledby={`${uid}-title`} className={s.consentList}>
      <h2 id={`${uid}-title`} className={s.consentTitle}>
        {t('registration:consent.listTitle')}
      </h2>
      <p className={s.muted}>{t('registration:consent.listHelp', { count: children.length })}</p>
      <ChildRulesNote />
      {children.map((m) => (
        <div key={m.id} className={s.consentListRow}>
          <strong>{m.name}</strong>
          <ConsentInline member={m} />
        </div>
      ))}
    </section>
  );
}
