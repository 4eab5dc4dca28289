import { Alert, Button, Card, Input, Radio, Select } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, CHANNEL_CODE_MAX, NAME_MAX } from '@rp/shared/limits';
import type { ActivityItem } from '../../lib/contract';
import { batchCreateMutation, membersQuery, type TeamItem } from './api';
import { ChildRulesNote, ConsentList } from './ConsentBlock';
import { errorText, notice } from './common';
import { RemoveRow, RowsFoot } from './rows';
import { useRegionOptions } from './MemberDetail';
import { checkMember, checkTeam, emptyMember, emptyTeam, formToMember, formToTeam, type MemberFormValues, type TeamFormValues } from './model';
import s from './registration.module.css';

function strip<T extends { activityId: number }>(x: T): Omit<T, 'activityId'> {
  const { activityId: _a, ...rest } = x;
  return rest;
}

function TeamFields({ value, onChange, activity, idp }: { value: TeamFormValues; onChange: (v: TeamFormValues) => void; activity: ActivityItem; idp: string }) {
  const { t } = useTranslation();
  return (
    <div className={s.formGrid}>
      <label>
        {t('registration:field.teamName')}
        <Input id={`${idp}-name`} value={value.name} maxLength={NAME_MAX} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      </label>
      <label>
        {t('registration:field.program')}
        <Select
          style={{ width: '100%' }}
          aria-label={t('registration:field.program')}
          value={value.programId ?? undefined}
          placeholder={t('registration:placeholder.select')}
          onChange={(v: number) => onChange({ ...value, programId: v })}
          options={(activity.programs ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </label>
      <label>
        {t('registration:field.address')}
        <Input value={value.address} maxLength={ADDRESS_MAX} onChange={(e) => onChange({ ...value, address: e.target.value })} />
      </label>
      <label>
        {t('registration:field.orgCode')}
        <Input value={value.orgCode} maxLength={CHANNEL_CODE_MAX} onChange={(e) => onChange({ ...value, orgCode: e.target.value })} />
      </label>
    </div>
  );
}

/**
 * After the one-form save (issue 37): the players under 14 of the team just created, each with their guardian's
 * consent in words and the way to get it (ConsentList); the states refetch after each declaration or link.
 */
function SavedConsents({ activity, saved, onDone }: { activity: ActivityItem; saved: TeamItem; onDone: () => void }) {
  const { t } = useTranslation();
  const ids = new Set(saved.teamMembers.map((m) => m.id));
  const live = useQuery({ ...membersQuery({ activityId: activity.id, teamId: saved.id, size: 999 }), select: (r) => r.content.filter((m) => ids.has(m.id)) });
  return (
    <Card style={{ marginTop: 12 }}>
      <ConsentList members={live.data ?? saved.teamMembers} />
      <Button type="primary" style={{ marginTop: 12 }} onClick={onDone}>
        {t('registration:tandp.toTeam')}
      </Button>
    </Card>
  );
}

/** /createTandP: one team and its players in one form → batchCreate; then each child's guardian consent. */
export function CreateTandP({ activity }: { activity: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const regionOptions = useRegionOptions(i18n.language === 'en' ? 'en' : 'zh');
  const navigate = useNavigate();
  const [team, setTeam] = useState<TeamFormValues>(emptyTeam());
  const [members, setMembers] = useState<MemberFormValues[]>([emptyMember()]);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TeamItem | null>(null);
  const create = useMutation(batchCreateMutation);
  const busy = create.isPending;
  const set = (i: number, v: MemberFormValues) => setMembers(members.map((m, j) => (j === i ? v : m)));

  const submit = () => {
    setError(null);
    const tp = checkTeam(team, { promotion: false });
    if (tp) return setError(t(tp.key));
    for (const m of members) {
      const p = checkMember(m, i18n.language === 'en' ? 'en' : 'zh');
      if (p) return setError(`${m.name || '#'}: ${t(p.key, p.params)}`);
    }
    create.mutate(
      {
        activityId: activity.id,
        team: strip(formToTeam(team, activity.id, { level2: false, promotion: false })),
        members: members.map((m) => strip(formToMember({ ...m, programId: team.programId }, activity.id))),
      },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          // a child among them whose guardian has not consented: the consent step first, on this page
          if (res.data.teamMembers.some((m) => m.consent !== 'notNeeded' && m.consent !== 'consented')) setSaved(res.data);
          else void navigate(`/createTeam?id=${activity.id}`);
        },
        onError: (e) => setError(errorText(e, t('registration:notice.serverBusy'))),
      },
    );
  };

  return (
    <section aria-labelledby="tandp-title" className={s.page}>
      <h1 id="tandp-title" className={s.title}>
        {t('registration:tandp.title')} · {activity.name}
      </h1>
      <Link to={`/activityEnter?id=${activity.id}`}>{t('registration:actions.back')}</Link>
      {error ? <Alert type="error" showIcon role="alert" className={s.alert} title={error} /> : null}
      {saved ? <SavedConsents activity={activity} saved={saved} onDone={() => void navigate(`/createTeam?id=${activity.id}`)} /> : null}
      {saved ? null : (
        <>
          <Card title={t('registration:field.teams')} style={{ marginTop: 12 }}>
            <TeamFields value={team} onChange={setTeam} activity={activity} idp="tandp-team" />
          </Card>
          <Card title={t('registration:tandp.members')} style={{ marginTop: 12 }}>
            <ChildRulesNote />
            <div className={s.rows}>
              {members.map((m, i) => (
                <fieldset key={i} className={s.formGrid} style={{ border: '1px solid #f0f0f0', padding: 12, borderRadius: 8 }}>
                  <legend>#{i + 1}</legend>
                  <label>
                    {t('registration:field.name')}
                    <Input value={m.name} maxLength={NAME_MAX} onChange={(e) => set(i, { ...m, name: e.target.value })} />
                  </label>
                  <div>
                    {t('registration:field.cardType')}
                    <Radio.Group
                      aria-label={t('registration:field.cardType')}
                      value={m.cardType}
                      onChange={(e) => set(i, { ...m, cardType: e.target.value as 0 | 1 })}
                      options={[
                        { value: 0, label: t('registration:idType.0') },
                        { value: 1, label: t('registration:idType.1') },
                      ]}
                      style={{ display: 'block' }}
                    />
                  </div>
                  <label>
                    {t('registration:field.card')}
                    <Input value={m.card} maxLength={30} onChange={(e) => set(i, { ...m, card: e.target.value })} />
                  </label>
                  {m.cardType === 1 ? (
                    <label>
                      {t('registration:field.birthDay')}
                      <Input type="date" value={m.birthDay ?? ''} onChange={(e) => set(i, { ...m, birthDay: e.target.value })} />
                    </label>
                  ) : null}
                  <label>
                    {t('registration:field.emerName')}
                    <Input value={m.emerName} maxLength={NAME_MAX} onChange={(e) => set(i, { ...m, emerName: e.target.value })} />
                  </label>
                  <label>
                    {t('registration:field.region')}
                    <Select
                      style={{ width: '100%' }}
                      aria-label={`${t('registration:field.region')} #${i + 1}`}
                      showSearch={{ optionFilterProp: 'label' }}
                      value={m.region}
                      onChange={(v: string) => set(i, { ...m, region: v })}
                      options={regionOptions}
                      popupMatchSelectWidth={false}
                    />
                  </label>
                  <label>
                    {t('registration:field.emerPhone')}
                    <Input value={m.emerPhone} maxLength={20} inputMode="tel" onChange={(e) => set(i, { ...m, emerPhone: e.target.value })} />
                  </label>
                  <RemoveRow count={members.length} onRemove={() => setMembers(members.filter((_, j) => j !== i))} />
                </fieldset>
              ))}
            </div>
            <RowsFoot onAdd={() => setMembers([...members, emptyMember()])} onSubmit={submit} busy={busy} />
          </Card>
        </>
      )}
    </section>
  );
}
