import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Select, Skeleton, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime, parseId } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useLang } from '../../lib/use-lang';
import { cancelSlot, listSessions, mySlots, myTeams, reserveSlot } from './api';
import { SESSION_STATE_KEYS } from './model';
import s from './tickets.module.css';

/** /onlineMatch?id= and /onlineReservation?id=: the activity's online rounds; one slot per team, changed or cancelled before entry. */
export default function OnlinePage() {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const activityId = parseId(params.get('id'));
  const enabled = activityId !== null;
  const sessions = useQuery({ queryKey: ['sessions', activityId, 'online'], queryFn: () => listSessions(activityId!, 'online'), enabled });
  const teams = useQuery({ queryKey: ['online-teams', activityId], queryFn: () => myTeams(activityId!), enabled });
  const slots = useQuery({ queryKey: ['online-slots', activityId], queryFn: () => mySlots(activityId!), enabled });
  const [teamId, setTeamId] = useState<number | null>(null);
  const team = teamId ?? teams.data?.[0]?.id ?? null;
  const refresh = () =>
    Promise.all([qc.invalidateQueries({ queryKey: ['online-slots', activityId] }), qc.invalidateQueries({ queryKey: ['sessions', activityId, 'online'] })]);
  const reserve = useMutation({
    mutationFn: (sessionId: number) => reserveSlot({ activityId: activityId!, teamId: team!, sessionId }),
    onSuccess: () => {
      notify.success(t('tickets:online.reserved'));
      void refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: number) => cancelSlot({ activityId: activityId!, teamId: id }),
    onSuccess: () => {
      notify.success(t('tickets:online.cancelled'));
      void refresh();
    },
  });
  const mine = slots.data?.find((x) => x.teamId === team);

  return (
    <section aria-labelledby="online-title" className={s.page}>
      <h1 id="online-title" className={s.title}>
        {t('tickets:online.title')}
      </h1>
      <p className={s.lead}>{t('tickets:online.lead')}</p>
      {!enabled ? <Empty description={t('tickets:noActivity')} /> : null}
      {teams.data && teams.data.length === 0 ? <Alert type="info" showIcon title={t('tickets:online.noTeam')} /> : null}
      {teams.data && teams.data.length > 0 ? (
        <div className={s.row}>
          <label htmlFor="online-team">{t('tickets:online.team')}</label>
          <Select
            id="online-team"
            className={s.select}
            value={team ?? undefined}
            onChange={(v) => setTeamId(v)}
            options={teams.data.map((x) => ({ value: x.id, label: x.name }))}
          />
        </div>
      ) : null}
      {mine ? (
        <Alert
          type="success"
          showIcon
          title={t('tickets:online.current', { session: mine.sessionName, prefix: mine.teamCodePrefix || '—' })}
          action={
            <Button size="small" loading={cancel.isPending} onClick={() => cancel.mutate(mine.teamId)}>
              {t('tickets:online.cancel')}
            </Button>
          }
        />
      ) : null}
      {reserve.isError ? <Alert type="error" showIcon title={errorMessage(reserve.error, t('tickets:form.failed'))} /> : null}
      {cancel.isError ? <Alert type="error" showIcon title={errorMessage(cancel.error, t('tickets:form.failed'))} /> : null}
      {sessions.isPending && enabled ? <Skeleton active /> : null}
      {sessions.data && sessions.data.length === 0 ? <Empty description={t('tickets:online.none')} /> : null}
      <div className={s.sessions}>
        {sessions.data?.map((x) => {
          const locked = Date.parse(x.entryTime) <= Date.now();
          const action = mine?.sessionId === x.id ? 'tickets:online.yours' : mine ? 'tickets:online.move' : 'tickets:online.reserve';
          return (
            <Card key={x.id} className={s.card} title={<h2 className={s.cardTitle}>{x.name}</h2>} extra={<Tag>{t(SESSION_STATE_KEYS[x.state])}</Tag>}>
              <dl className={s.facts}>
                <dt>{t('tickets:online.prefix')}</dt>
                <dd>{x.teamCodePrefix || '—'}</dd>
                <dt>{t('tickets:entry')}</dt>
                <dd>{formatDateTime(x.entryTime, lang)}</dd>
                <dt>{t('tickets:time')}</dt>
                <dd>
                  {formatDateTime(x.startTime, lang)} – {formatDateTime(x.endTime, lang)}
                </dd>
                <dt>{t('tickets:places')}</dt>
                <dd>{x.placesLeft === null ? t('tickets:unlimited') : t('tickets:placesLeft', { count: x.placesLeft })}</dd>
              </dl>
              <Button
                type="primary"
                disabled={!team || locked || mine?.sessionId === x.id || x.placesLeft === 0}
                loading={reserve.isPending && reserve.variables === x.id}
                onClick={() => reserve.mutate(x.id)}
                // the name starts with the words the button shows (WCAG 2.5.3)
                aria-label={t('tickets:online.reserveOf', { action: t(action), session: x.name })}
              >
                {t(action)}
              </Button>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
