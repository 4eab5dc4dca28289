import { App, Button, Checkbox, Grid, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '@rp/shared';
import { errorMessage } from '../../lib/api-client';
import { useLang } from '../../lib/use-lang';
import { adminActivitiesQuery, decideReviewMutation, reviewListQuery, type Page } from './registration-api';
import { reaches, useSession } from '../../lib/session';
import { ScrollableTable } from './ScrollableTable';
import { reviewFacts } from './review/facts';
import { FailDialog } from './review/FailDialog';
import { move, nextAfterDecision, reviewKeyAction } from './review/keys';
import { ReviewDetail } from './review/ReviewDetail';
import { Attachment, ReviewPhoto } from './review/ReviewPhoto';
import rs from './review/review.module.css';
import s from '../admin.module.css';

/** A player's guardian consent in words (issue 37). */
const CONSENT_KEYS: Record<Exclude<ReviewItem['consent'], 'notNeeded'>, string> = {
  none: 'admin:review.consent.none',
  pending: 'admin:review.consent.pending',
  consented: 'admin:review.consent.consented',
  refused: 'admin:review.consent.refused',
  withdrawn: 'admin:review.consent.withdrawn',
};

/**
 * Players under review (status 7): photo and every fact a reviewer checks, a detail drawer, and the
 * keyboard (J/K or arrows move, P passes, F fails with a reason, Enter opens, X selects). After a
 * decision the focus moves to the next player.
 */
export default function ReviewPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const screens = Grid.useBreakpoint();
  const narrow = screens.md === false;
  const activities = useQuery(adminActivitiesQuery);
  const { user } = useSession();
  const [activityId, setActivityId] = useState<number | null>(null);
  const listQuery = useMemo(() => reviewListQuery(activityId), [activityId]);
  const list = useQuery(listQuery);
  const decision = useMutation(decideReviewMutation);
  const busy = decision.isPending;
  const rows = useMemo(() => list.data?.content ?? [], [list.data]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);

  const [selected, setSelected] = useState<number[]>([]);
  const [active, setActive] = useState<number | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const [failing, setFailing] = useState<number[] | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);

  // Focus follows the active row whenever a key or a decision asks for it.
  useEffect(() => {
    if (!focusTick || active === null || detail !== null || failing) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row-key="${active}"]`)?.focus();
  }, [focusTick, active, detail, failing, rows]);
  const focusRow = useCallback((id: number | null) => {
    setActive(id);
    setFocusTick((n) => n + 1);
  }, []);

  const decide = useCallback(
    (pass: boolean, memberIds: number[], reason?: string) => {
      if (!memberIds.length) return void message.error(t('admin:reg.selectPlayers'));
      // the next player still waiting takes the focus (or the detail); the decided rows leave at once,
      // before the lists refetch (decideReviewMutation invalidates them)
      const next = nextAfterDecision(ids, memberIds, detail ?? active);
      decision.mutate(
        { pass, memberIds, reason },
        {
          onSuccess: (res) => {
            message.success(res.resultStr);
            qc.setQueryData<Page<ReviewItem>>(listQuery.queryKey, (old) =>
              old ? { ...old, content: old.content.filter((r) => !memberIds.includes(r.id)), totalElements: old.totalElements - memberIds.length } : old,
            );
            setSelected((sel) => sel.filter((id) => !memberIds.includes(id)));
            setFailing(null);
            if (detail !== null) setDetail(next);
            focusRow(next);
          },
          onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
        },
      );
    },
    [ids, listQuery, qc, message, t, detail, active, focusRow, decision],
  );

  const toggle = (id: number) => setSelected((sel) => (sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id]));

  const onListKey = (e: KeyboardEvent<HTMLElement>) => {
    const action = reviewKeyAction(e.nativeEvent);
    if (!action || busy) return;
    const current = active ?? ids[0] ?? null;
    if (current === null) return;
    e.preventDefault();
    if (action === 'next' || action === 'prev') focusRow(move(ids, current, action === 'next' ? 1 : -1));
    else if (action === 'pass') decide(true, [current]);
    else if (action === 'fail') setFailing([current]);
    else if (action === 'open') setDetail(current);
    else if (action === 'select') toggle(current);
  };

  const rowProps = (id: number) => ({
    'data-row-key': id,
    tabIndex: id === (active ?? ids[0]) ? 0 : -1,
    className: `${rs.row} ${id === active ? rs.active : ''}`,
    onFocus: () => setActive(id),
    onClick: () => setActive(id),
    onDoubleClick: () => setDetail(id),
  });

  const detailIndex = detail === null ? -1 : ids.indexOf(detail);
  const detailItem = detailIndex >= 0 ? rows[detailIndex]! : null;
  const failingName = failing?.length === 1 ? rows.find((r) => r.id === failing[0])?.name : undefined;

  const keys = (
    <ul className={rs.keys} aria-label={t('admin:review.keysTitle')}>
      <li className={rs.keysTitle} aria-hidden="true">
        {t('admin:review.keysTitle')}
      </li>
      {(
        [
          'admin:review.keyMove',
          'admin:review.keyPass',
          'admin:review.keyFail',
          'admin:review.keyOpen',
          'admin:review.keySelect',
          'admin:review.keyClose',
        ] as const
      ).map((k) => (
        <li key={k}>{t(k)}</li>
      ))}
    </ul>
  );

  return (
    <section>
      <Typography.Title level={2} className={s.pageTitle}>
        {t('admin:reg.reviewTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:reg.reviewIntro')}</Typography.Paragraph>
      <div className={rs.toolbar}>
        <Select
          aria-label={t('admin:reg.activity')}
          className={rs.activity}
          value={activityId ?? 0}
          onChange={(v: number) => {
            setActivityId(v || null);
            setSelected([]);
            setActive(null);
          }}
          loading={activities.isPending}
          // a season has dozens of activities: typed digits or words find one
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: 0, label: t('admin:review.allActivities') },
            ...(activities.data ?? []).filter((a) => reaches(user, 'registrations.manage', a.id)).map((a) => ({ value: a.id, label: `${a.id} · ${a.name}` })),
          ]}
        />
        <Space wrap>
          <Button type="primary" onClick={() => decide(true, selected)} disabled={busy}>
            {t('admin:reg.pass')}
          </Button>
          <Button danger onClick={() => (selected.length ? setFailing(selected) : void message.error(t('admin:reg.selectPlayers')))} disabled={busy}>
            {t('admin:reg.fail')}
          </Button>
          <Button onClick={() => void list.refetch()}>{t('admin:reg.refresh')}</Button>
        </Space>
        <Typography.Text type="secondary" role="status">
          {list.data ? t('admin:review.waiting', { count: list.data.totalElements }) : ''}
        </Typography.Text>
      </div>
      {keys}
      <div ref={listRef} onKeyDown={onListKey}>
        {narrow ? (
          rows.length ? (
            <ul className={rs.cards} aria-label={t('admin:review.listLabel')}>
              {rows.map((m) => {
                const f = reviewFacts(m, t, lang);
                const p = rowProps(m.id);
                return (
                  <li key={m.id} {...p} className={`${rs.card} ${m.id === active ? rs.active : ''}`}>
                    <ReviewPhoto src={m.headImg} name={m.name} />
                    <div>
                      <div className={rs.cardName}>{m.name}</div>
                      <div className={rs.cardFacts}>
                        {f.gender} · {f.birth} · {f.age}
                        <br />
                        {f.cardType} {m.card}
                        <br />
                        {f.team} · {f.program}
                        <br />
                        {m.activity.name}
                        <br />
                        {t('admin:review.submittedValue', { time: f.submitted })}
                      </div>
                      <div className={rs.cardActions}>
                        <Checkbox checked={selected.includes(m.id)} onChange={() => toggle(m.id)} aria-label={m.name} />
                        <Button size="small" onClick={() => setDetail(m.id)} aria-label={t('admin:review.detailsOf', { name: m.name })}>
                          {t('admin:review.details')}
                        </Button>
                        {m.leader?.attachment ? <Attachment url={m.leader.attachment} teacher={m.leader.name} /> : null}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : (
            <Typography.Paragraph type="secondary">{list.isFetching ? '' : t('admin:review.empty')}</Typography.Paragraph>
          )
        ) : (
          <ScrollableTable label={t('admin:review.listLabel')}>
            <Table<ReviewItem>
              rowKey="id"
              size="small"
              loading={list.isFetching && !list.data}
              dataSource={rows}
              locale={{ emptyText: t('admin:review.empty') }}
              rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
              onRow={(m) => rowProps(m.id)}
              scroll={{ x: 'max-content' }}
              pagination={false}
              columns={[
                { title: t('admin:review.photo'), key: 'photo', width: 64, render: (_, m) => <ReviewPhoto src={m.headImg} name={m.name} /> },
                {
                  title: t('admin:reg.name'),
                  key: 'name',
                  render: (_, m) => <strong>{m.name}</strong>,
                },
                { title: t('admin:review.birth'), key: 'birth', render: (_, m) => reviewFacts(m, t, lang).birth },
                {
                  title: t('admin:review.age'),
                  key: 'age',
                  render: (_, m) => {
                    const f = reviewFacts(m, t, lang);
                    return <span title={f.ageHint}>{f.age}</span>;
                  },
                },
                { title: t('admin:review.gender'), key: 'gender', render: (_, m) => reviewFacts(m, t, lang).gender },
                // a child under 14: the guardian's consent in words (issue 37); '—' where none is needed
                { title: t('admin:review.consent.title'), key: 'consent', render: (_, m) => (m.consent === 'notNeeded' ? '—' : t(CONSENT_KEYS[m.consent])) },
                {
                  title: t('admin:reg.card'),
                  key: 'card',
                  render: (_, m) => (
                    <>
                      {m.card}
                      <span className={rs.sub}>{reviewFacts(m, t, lang).cardType}</span>
                    </>
                  ),
                },
                {
                  title: `${t('admin:reg.team')} / ${t('admin:reg.program')}`,
                  key: 'team',
                  render: (_, m) => (
                    <>
                      {m.team?.name ?? '—'}
                      <span className={rs.sub}>{m.program?.name ?? '—'}</span>
                    </>
                  ),
                },
                // one activity chosen: its name in every row says nothing
                ...(activityId ? [] : [{ title: t('admin:reg.activity'), key: 'activity', render: (_: unknown, m: ReviewItem) => m.activity.name }]),
                { title: t('admin:review.submittedAt'), key: 'submitted', render: (_, m) => reviewFacts(m, t, lang).submitted },
                {
                  title: t('admin:review.attachment'),
                  key: 'attachment',
                  render: (_, m) => <Attachment url={m.leader?.attachment} teacher={m.leader?.name ?? ''} />,
                },
                {
                  title: t('admin:reg.actions'),
                  key: 'actions',
                  fixed: 'right',
                  render: (_, m) => (
                    <Button size="small" onClick={() => setDetail(m.id)} aria-label={t('admin:review.detailsOf', { name: m.name })}>
                      {t('admin:review.details')}
                    </Button>
                  ),
                },
              ]}
            />
          </ScrollableTable>
        )}
      </div>
      <ReviewDetail
        item={detailItem}
        index={detailIndex}
        total={ids.length}
        paused={!!failing}
        busy={busy}
        onMove={(step) => {
          const next = move(ids, detail, step);
          setDetail(next);
          setActive(next);
        }}
        onPass={() => detail !== null && decide(true, [detail])}
        onFail={() => detail !== null && setFailing([detail])}
        onClose={() => setDetail(null)}
        afterClose={() => focusRow(active)}
      />
      <FailDialog
        open={!!failing}
        busy={busy}
        title={failingName ? t('admin:review.failTitle', { name: failingName }) : t('admin:review.failTitleMany', { count: failing?.length ?? 0 })}
        onConfirm={(reason) => failing && decide(false, failing, reason)}
        onCancel={() => {
          setFailing(null);
          if (detail === null) focusRow(active);
        }}
        // The row is focused as the dialog starts to close, but antd's focus lock can still hold then: on slow frames, when
        // the dialog's opening motion ended less than two frames before, its panel hears it is closing only on the next
        // render (@rc-component/motion keeps its child until the motion's step catches up), the lock pulls the focus back
        // into the dialog, and the dialog's content goes with the focus in it (to <body>: the keyboard journey, flaky in
        // CI). Once the dialog has gone, focus still in it (or lost) goes to the active row (the next player).
        afterClose={() => {
          const el = document.activeElement;
          if (detail === null && (!el || el === document.body || el.closest('[role="dialog"]'))) setFocusTick((n) => n + 1);
        }}
      />
    </section>
  );
}
