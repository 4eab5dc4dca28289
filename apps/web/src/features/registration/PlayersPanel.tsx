import { Button, Card, Empty, Input, Pagination, Radio, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { payStatusColor } from '@rp/shared/rules/registration';
import { NAME_MAX, NAME_SEARCH_MIN } from '@rp/shared/limits';
import type { ActivityItem } from '../../lib/contract';
import { LangPart } from '../../lib/lang-parts';
import { exportPlayers, membersQuery, teamsQuery, type MemberItem } from './api';
import { ConsentTag } from './ConsentTag';
import { MemberDetail } from './MemberDetail';
import { AssignTeamDialog, BatchRedeemDialog, ChangeProgramDialog, DeletePlayersDialog, SubmitDialog } from './PlayerDialogs';
import { PAGE_SIZE } from './model';
import { BatchAvatarDialog, ImportDialog } from './BatchTools';
import { WriteButton } from './lock';
import { useScrollToDetail } from './scroll';
import s from './registration.module.css';

type Dialog = 'delete' | 'assign' | 'program' | 'redeem' | 'submit' | 'import' | 'avatars' | null;
const FILTERS = [
  { value: 'all', key: 'registration:payStatus.all' },
  { value: '0', key: 'registration:payStatus.0' },
  { value: '3', key: 'registration:payStatus.3' },
  { value: '9', key: 'registration:payStatus.9' },
] as const;

export function nameClass(payStatus: number): string | undefined {
  const c = payStatusColor(payStatus);
  return c === 'red' ? s.red : c === 'green' ? s.green : undefined;
}

/** Player management (spec 2.4): filter, toolbar, two paged lists, detail form, dialogs. */
export function PlayersPanel({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const activityId = activity.id;
  const [filter, setFilter] = useState<string>('all');
  const [pageWith, setPageWith] = useState(1);
  const [pageWithout, setPageWithout] = useState(1);
  // ?new=1, ?player=<id> and ?dialog=… come from the guided path's next-step buttons
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number | 'new' | null>(() =>
    params.get('new') === '1' ? 'new' : Number(params.get('player')) > 0 ? Number(params.get('player')) : null,
  );
  const [dialog, setDialog] = useState<Dialog>(() => {
    const d = params.get('dialog');
    return d === 'assign' || d === 'redeem' || d === 'submit' ? d : null;
  });
  const detailRef = useRef<HTMLDivElement>(null);
  const scrollToDetail = useScrollToDetail(detailRef);
  const select = (next: number | 'new') => {
    setSelected(next);
    scrollToDetail();
  };
  const payStatus = filter === 'all' ? undefined : Number(filter);
  // spec 5: the name search needs two characters besides the % wildcard
  const [search, setSearch] = useState('');
  const searchShort = search.length > 0 && search.replace(/%/g, '').length < NAME_SEARCH_MIN;
  const name = search && !searchShort ? search : undefined;

  const withTeam = useQuery(membersQuery({ activityId, payStatus, name, hasTeam: 1, page: pageWith - 1, size: PAGE_SIZE }));
  const withoutTeam = useQuery(membersQuery({ activityId, payStatus, name, hasTeam: 0, page: pageWithout - 1, size: PAGE_SIZE }));
  // only the count: the pickers fetch their own 30 teams (spec 9)
  const teams = useQuery(teamsQuery({ activityId, size: 1 }));
  const total = (withTeam.data?.totalElements ?? 0) + (withoutTeam.data?.totalElements ?? 0);

  const list = (title: string, q: typeof withTeam, page: number, setPage: (p: number) => void, headingId: string) => (
    <Card size="small" title={<span id={headingId}>{title}</span>} extra={<span className={s.muted}>{q.data?.totalElements ?? 0}</span>}>
      {q.isPending ? (
        <Spin />
      ) : q.data && q.data.content.length ? (
        <ul aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {q.data.content.map((m: MemberItem) => (
            <li key={m.id}>
              <button type="button" className={s.listItem} aria-current={selected === m.id} onClick={() => select(m.id)}>
                <span className={nameClass(m.payStatus)}>
                  <LangPart text={m.name} />
                </span>
                <ConsentTag state={m.consent} />
                <span className={s.muted}>
                  <LangPart text={m.team?.name ?? m.program?.name ?? ''} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('registration:players.empty')} />
      )}
      {(q.data?.totalElements ?? 0) > PAGE_SIZE ? (
        <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={q.data?.totalElements ?? 0} onChange={setPage} showSizeChanger={false} />
      ) : null}
    </Card>
  );

  return (
    <div>
      <div className={s.toolbar}>
        <Radio.Group
          aria-label={t('registration:players.filter')}
          optionType="button"
          value={filter}
          onChange={(e) => {
            setFilter(String(e.target.value));
            setPageWith(1);
            setPageWithout(1);
          }}
          options={FILTERS.map((f) => ({ value: f.value, label: t(f.key) }))}
        />
        <Input.Search
          allowClear
          className={s.search}
          aria-label={t('registration:players.search')}
          placeholder={t('registration:players.searchPlaceholder')}
          maxLength={NAME_MAX}
          onSearch={(v) => {
            setSearch(v.trim());
            setPageWith(1);
            setPageWithout(1);
          }}
          status={searchShort ? 'warning' : undefined}
        />
        {searchShort ? (
          <span className={s.muted} role="status">
            {t('registration:players.searchShort')}
          </span>
        ) : null}
      </div>
      <div className={s.toolbar}>
        <WriteButton type="primary" onClick={() => select('new')}>
          {t('registration:players.add')}
        </WriteButton>
        <WriteButton onClick={() => setDialog('delete')}>{t('registration:players.delete')}</WriteButton>
        <WriteButton onClick={() => setDialog('assign')}>{t('registration:players.assign')}</WriteButton>
        <WriteButton onClick={() => setDialog('program')}>{t('registration:players.changeProgram')}</WriteButton>
        <WriteButton onClick={() => setDialog('redeem')}>{t('registration:players.batchRedeem')}</WriteButton>
        {activity.reviewRequired ? <WriteButton onClick={() => setDialog('submit')}>{t('registration:players.submit')}</WriteButton> : null}
        <WriteButton onClick={() => setDialog('import')}>{t('registration:batch.import')}</WriteButton>
        <Button onClick={() => void exportPlayers(activityId).catch(() => undefined)}>{t('registration:batch.export')}</Button>
        <WriteButton onClick={() => setDialog('avatars')}>{t('registration:batch.avatars')}</WriteButton>
        <span className={s.toolbarSpacer} />
        <span className={s.muted} role="status">
          {t('registration:players.counts', {
            teams: t('registration:guide.teamCount', { count: teams.data?.totalElements ?? 0 }),
            players: t('registration:guide.playerCount', { count: total }),
          })}
        </span>
      </div>
      <div className={s.split}>
        <div className={s.lists}>
          {list(t('registration:players.withTeam'), withTeam, pageWith, setPageWith, 'players-with-team')}
          {list(t('registration:players.withoutTeam'), withoutTeam, pageWithout, setPageWithout, 'players-without-team')}
        </div>
        <div ref={detailRef} className={s.detail}>
          <Card>
            {selected === null ? (
              <Empty description={t('registration:players.select')} />
            ) : (
              <MemberDetail key={String(selected)} activity={activity} memberId={selected === 'new' ? null : selected} onSaved={(m) => setSelected(m.id)} />
            )}
          </Card>
        </div>
      </div>
      <DeletePlayersDialog open={dialog === 'delete'} activityId={activityId} onClose={() => setDialog(null)} onDone={() => setSelected(null)} />
      <AssignTeamDialog open={dialog === 'assign'} activityId={activityId} onClose={() => setDialog(null)} />
      <ChangeProgramDialog open={dialog === 'program'} activity={activity} onClose={() => setDialog(null)} />
      <BatchRedeemDialog open={dialog === 'redeem'} activityId={activityId} level={activity.level} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} activityId={activityId} onClose={() => setDialog(null)} />
      <BatchAvatarDialog open={dialog === 'avatars'} activityId={activityId} onClose={() => setDialog(null)} />
      <SubmitDialog open={dialog === 'submit'} activityId={activityId} onClose={() => setDialog(null)} />
    </div>
  );
}
