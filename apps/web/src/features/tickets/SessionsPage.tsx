import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, InputNumber, Skeleton, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatDateTime, formatPrice, parseId } from '../../lib/format';
import { notify } from '../../lib/notify';
import { useLang } from '../../lib/use-lang';
import { bookWorkshop, buyTickets, joinWaitlist, listSessions, type SessionView, type VisitorDraft } from './api';
import { blocked, maxVisitors, resize, SALE_STATE_KEYS, SESSION_STATE_KEYS } from './model';
import s from './tickets.module.css';

const blank = (): VisitorDraft => ({ name: '', phone: '', card: '' });
type Ticket = SessionView['tickets'][number];

/** /audience?id= and /workShopTickets?id=: an activity's sessions, their tickets, and buying or booking places. */
export default function SessionsPage({ kind }: { kind: 'audience' | 'workshop' }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const activityId = parseId(params.get('id'));
  const sessions = useQuery({ queryKey: ['sessions', activityId, kind], queryFn: () => listSessions(activityId!, kind), enabled: activityId !== null });
  const [chosen, setChosen] = useState<{ session: SessionView; ticket: Ticket } | null>(null);
  const title = kind === 'audience' ? t('tickets:audience.title') : t('tickets:workshop.title');
  // an activity whose audience sign-up is off says so before anyone chooses or types (issue 34)
  const closed = !!sessions.data?.length && sessions.data.every((x) => !x.signupOpen);

  return (
    <section aria-labelledby="tickets-title" className={s.page}>
      <h1 id="tickets-title" className={s.title}>
        {title}
      </h1>
      <p className={s.lead}>{kind === 'audience' ? t('tickets:audience.lead') : t('tickets:workshop.lead')}</p>
      {activityId === null ? <Empty description={t('tickets:noActivity')} /> : null}
      {sessions.isPending && activityId !== null ? <Skeleton active /> : null}
      {sessions.isError ? <Alert type="error" showIcon title={errorMessage(sessions.error, t('tickets:loadFailed'))} /> : null}
      {closed ? <Alert type="warning" showIcon title={t('tickets:audience.closed')} data-testid="signup-closed" /> : null}
      {sessions.data && sessions.data.length === 0 ? (
        <Empty description={kind === 'audience' ? t('tickets:audience.none') : t('tickets:workshop.none')} />
      ) : null}
      <div className={s.sessions}>
        {sessions.data?.map((session) => (
          <SessionCard key={session.id} session={session} onChoose={(ticket) => setChosen({ session, ticket })} />
        ))}
      </div>
      {chosen && activityId !== null && !closed ? (
        <BuyForm key={chosen.ticket.id} activityId={activityId} kind={kind} session={chosen.session} ticket={chosen.ticket} onClose={() => setChosen(null)} />
      ) : null}
    </section>
  );
}

function SessionCard({ session, onChoose }: { session: SessionView; onChoose: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const waitlist = useMutation({ mutationFn: () => joinWaitlist(session.id, 1), onSuccess: (text) => notify.success(text) });
  return (
    <Card className={s.card} title={<h2 className={s.cardTitle}>{session.name}</h2>} extra={<Tag>{t(SESSION_STATE_KEYS[session.state])}</Tag>}>
      <dl className={s.facts}>
        {session.area ? (
          <>
            <dt>{t('tickets:area')}</dt>
            <dd>{session.area}</dd>
          </>
        ) : null}
        <dt>{t('tickets:entry')}</dt>
        <dd>{formatDateTime(session.entryTime, lang)}</dd>
        <dt>{t('tickets:time')}</dt>
        <dd>
          {formatDateTime(session.startTime, lang)} – {formatDateTime(session.endTime, lang)}
        </dd>
        <dt>{t('tickets:places')}</dt>
        <dd data-testid={`places-${session.id}`}>
          {session.placesLeft === null ? t('tickets:unlimited') : t('tickets:placesLeft', { count: session.placesLeft })}
        </dd>
      </dl>
      {session.intro ? <p className={s.muted}>{session.intro}</p> : null}
      <ul className={s.tickets}>
        {session.tickets.map((ticket) => {
          const why = blocked(ticket, session);
          return (
            <li key={ticket.id}>
              <span>
                {ticket.name} <strong className={s.price}>{ticket.priceFen === 0 ? t('tickets:free') : formatPrice(ticket.priceFen)}</strong>{' '}
                <Tag>{why === 'closed' ? t('tickets:closedTag') : t(SALE_STATE_KEYS[ticket.saleState])}</Tag>
              </span>
              {why === 'full' ? (
                <Button loading={waitlist.isPending} onClick={() => waitlist.mutate()}>
                  {t('tickets:waitlist')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  disabled={why !== null}
                  onClick={() => onChoose(ticket)}
                  aria-label={t('tickets:chooseOf', { ticket: ticket.name, session: session.name })}
                >
                  {t('tickets:choose')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {waitlist.isError ? <Alert type="error" showIcon title={errorMessage(waitlist.error, t('tickets:loadFailed'))} /> : null}
    </Card>
  );
}

function BuyForm({
  activityId,
  kind,
  session,
  ticket,
  onClose,
}: {
  activityId: number;
  kind: 'audience' | 'workshop';
  session: SessionView;
  ticket: Ticket;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const max = maxVisitors(ticket, session);
  const [rows, setRows] = useState<VisitorDraft[]>([blank()]);
  const send = useMutation({
    mutationFn: () =>
      (kind === 'workshop' ? bookWorkshop : buyTickets)({ activityId, ticketId: ticket.id, visitors: rows.map((r) => ({ ...r, card: r.card.trim() })) }),
    onSuccess: (o) => void navigate(`/audienceOrder?orderNo=${o.orderNo}`),
  });
  const fieldError = (i: number, f: keyof VisitorDraft) => (isApiError(send.error) ? send.error.fieldErrors[`visitors.${i}.${f}`] : undefined);
  const set = (i: number, f: keyof VisitorDraft, v: string) => setRows(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r)));
  const ready = rows.every((r) => r.name.trim() && /^\+?\d{6,20}$/.test(r.phone.trim()) && (!session.requireIdCard || r.card.trim()));

  return (
    <Card className={s.card} title={<h2 className={s.cardTitle}>{t('tickets:form.title', { ticket: ticket.name, session: session.name })}</h2>}>
      <div className={s.row}>
        <label htmlFor="visitor-count">{t('tickets:form.count')}</label>
        <InputNumber
          id="visitor-count"
          min={1}
          max={max}
          precision={0}
          value={rows.length}
          onChange={(n) => setRows(resize(rows, Math.max(1, Math.min(max, n ?? 1)), blank))}
        />
      </div>
      {rows.map((r, i) => (
        <fieldset key={i} className={s.visitor}>
          <legend>{t('tickets:form.visitor', { n: i + 1 })}</legend>
          <label htmlFor={`v${i}-name`}>{t('tickets:form.name')}</label>
          <Input
            id={`v${i}-name`}
            value={r.name}
            maxLength={50}
            onChange={(e) => set(i, 'name', e.target.value)}
            status={fieldError(i, 'name') ? 'error' : undefined}
          />
          <label htmlFor={`v${i}-phone`}>{t('tickets:form.phone')}</label>
          <Input
            id={`v${i}-phone`}
            value={r.phone}
            maxLength={20}
            inputMode="tel"
            onChange={(e) => set(i, 'phone', e.target.value)}
            status={fieldError(i, 'phone') ? 'error' : undefined}
          />
          {session.requireIdCard ? (
            <>
              <label htmlFor={`v${i}-card`}>{t('tickets:form.card')}</label>
              <Input
                id={`v${i}-card`}
                value={r.card}
                maxLength={30}
                onChange={(e) => set(i, 'card', e.target.value)}
                status={fieldError(i, 'card') ? 'error' : undefined}
              />
            </>
          ) : null}
          {(['name', 'phone', 'card'] as const).map((f) =>
            fieldError(i, f) ? (
              <p key={f} role="alert" className={s.error}>
                {fieldError(i, f)}
              </p>
            ) : null,
          )}
        </fieldset>
      ))}
      <div className={s.row}>
        <span>{t('tickets:form.total')}</span>
        <strong className={s.total} data-testid="tickets-total">
          {formatPrice(ticket.priceFen * rows.length)}
        </strong>
      </div>
      {send.isError ? <Alert type="error" showIcon title={errorMessage(send.error, t('tickets:form.failed'))} /> : null}
      <div className={s.actions}>
        <Button type="primary" size="large" disabled={!ready} loading={send.isPending} onClick={() => send.mutate()}>
          {ticket.priceFen === 0 ? t('tickets:form.book') : t('tickets:form.submit')}
        </Button>
        <Button size="large" onClick={onClose}>
          {t('tickets:form.cancel')}
        </Button>
      </div>
    </Card>
  );
}
