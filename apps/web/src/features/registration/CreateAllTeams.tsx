import { Alert, Card, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, NAME_MAX } from '@rp/shared/limits';
import type { ActivityItem } from '../../lib/contract';
import { batchCreateTeamsMutation } from './api';
import { errorText, notice } from './common';
import { RemoveRow, RowsFoot } from './rows';
import { checkTeam, emptyTeam, formToTeam, type TeamFormValues } from './model';
import s from './registration.module.css';

/** /createAllTeam: several teams at once → batchCreateTeam. */
export function CreateAllTeams({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<TeamFormValues[]>([emptyTeam(), emptyTeam()]);
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(batchCreateTeamsMutation);
  const busy = create.isPending;
  const set = (i: number, v: TeamFormValues) => setRows(rows.map((r, j) => (j === i ? v : r)));

  const submit = () => {
    setError(null);
    const filled = rows.filter((r) => r.name.trim() || r.programId);
    if (!filled.length) return setError(t('registration:check.completeData'));
    for (const r of filled) {
      const p = checkTeam(r, { promotion: false });
      if (p) return setError(`${r.name || '#'}: ${t(p.key)}`);
    }
    create.mutate(
      {
        activityId: activity.id,
        teams: filled.map((r) => {
          const { activityId: _a, ...team } = formToTeam(r, activity.id, { level2: false, promotion: false });
          return team;
        }),
      },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          void navigate(`/createTeam?id=${activity.id}`);
        },
        onError: (e) => setError(errorText(e, t('registration:notice.serverBusy'))),
      },
    );
  };

  return (
    <section aria-labelledby="allteam-title" className={s.page}>
      <h1 id="allteam-title" className={s.title}>
        {t('registration:allTeam.title')} · {activity.name}
      </h1>
      <Link to={`/activityEnter?id=${activity.id}`}>{t('registration:actions.back')}</Link>
      {error ? <Alert type="error" showIcon role="alert" className={s.alert} title={error} /> : null}
      <Card style={{ marginTop: 12 }}>
        <div className={s.rows}>
          {rows.map((r, i) => (
            <fieldset key={i} className={s.formGrid} style={{ border: '1px solid #f0f0f0', padding: 12, borderRadius: 8 }}>
              <legend>#{i + 1}</legend>
              <label>
                {t('registration:field.teamName')}
                <Input value={r.name} maxLength={NAME_MAX} onChange={(e) => set(i, { ...r, name: e.target.value })} />
              </label>
              <label>
                {t('registration:field.program')}
                <Select
                  style={{ width: '100%' }}
                  aria-label={t('registration:field.program')}
                  value={r.programId ?? undefined}
                  placeholder={t('registration:placeholder.select')}
                  onChange={(v: number) => set(i, { ...r, programId: v })}
                  options={(activity.programs ?? []).map((p) => ({ value: p.id, label: p.name }))}
                />
              </label>
              <label>
                {t('registration:field.address')}
                <Input value={r.address} maxLength={ADDRESS_MAX} onChange={(e) => set(i, { ...r, address: e.target.value })} />
              </label>
              <RemoveRow count={rows.length} onRemove={() => setRows(rows.filter((_, j) => j !== i))} />
            </fieldset>
          ))}
        </div>
        <RowsFoot onAdd={() => setRows([...rows, emptyTeam()])} onSubmit={submit} busy={busy} />
      </Card>
    </section>
  );
}
