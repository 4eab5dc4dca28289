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
    <p className={s.muted}>
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
export function ConsentBlock({ member }: { member: MemberItem }) {
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

  return (
    <section className={s.consent} aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className={s.consentTitle}>
        {t('registration:consent.title')} <ConsentTag state={member.consent} />
      </h3>
      <p className={s.muted}>{t(member.consent === 'pending' ? 'registration:consent.pendingHelp' : 'registration:consent.help')}</p>
      <ChildRulesNote />
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
