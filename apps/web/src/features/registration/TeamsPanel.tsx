import { Alert, Button, Card, Checkbox, Empty, Form, Input, Modal, Pagination, Radio, Select, Spin, Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codeEntryClosed, isFree, PAY_STATUS, TEAM_STATUS, teamReviewHasReason } from '@rp/shared/rules/registration';
import { ADDRESS_MAX, CHANNEL_CODE_MAX, CHANNEL_CODE_MIN, NAME_MAX, PROMOTION_CODE_MAX, PROMOTION_CODE_MIN } from '@rp/shared/limits';
import type { ActivityItem } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import { LangPart, langPart, langPartIn, NAME_SLOT } from '../../lib/lang-parts';
import { useLang } from '../../lib/use-lang';
import {
  bindOrgMutation,
  checkOrgMutation,
  checkTeamCodeMutation,
  deleteTeamsMutation,
  leaderSearchQuery,
  moveOutMembersMutation,
  saveTeamMutation,
  teamsQuery,
  zonesQuery,
  type OrgCheck,
  type TeamItem,
} from './api';
import { CodeField } from './CodeField';
import { asksConfirmation, errorText, notice, ReadItem, useConfirm, useFailNotice, type Confirmed } from './common';
import { teamReviewKey } from './review-labels';
import { PAGE_SIZE, checkTeam, emptyTeam, formToTeam, orgVerifyKey, teamToForm, type TeamFormValues } from './model';
import { WriteButton, useWriteLock } from './lock';
import { TeamFees } from './TeamFees';
import { ConsentInline } from './ConsentBlock';
import { PayStatusTag } from './PayStatusTag';
import { useScrollToDetail } from './scroll';
import { nameClass } from './PlayersPanel';
import s from './registration.module.css';

type Filter = 'all' | '1' | '2' | 'paid' | '7';

function filterQuery(f: Filter): { status?: number; payStatus?: number } {
  if (f === 'paid') return { payStatus: PAY_STATUS.REGISTERED };
  if (f === 'all') return {};
  return { status: Number(f) };
}

/** Team management (spec 2.5). */
export function TeamsPanel({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [filter, setFilter] = useState<Filter>('all');
  // ?new=1 and ?team=<id> come from the guided path
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<number | 'new' | null>(() =>
    params.get('new') === '1' ? 'new' : Number(params.get('team')) > 0 ? Number(params.get('team')) : null,
  );
  const [dialog, setDialog] = useState<'delete' | 'bind' | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const scrollToDetail = useScrollToDetail(detailRef);
  const select = (next: number | 'new') => {
    setSelected(next);
    scrollToDetail();
  };
  // the team list pages by 30 (spec 9)
  const [page, setPage] = useState(1);
  const teams = useQuery(teamsQuery({ activityId: activity.id, page: page - 1, size: PAGE_SIZE, ...filterQuery(filter) }));
  const onPage = typeof selected === 'number' ? teams.data?.content.find((x) => x.id === selected) : undefined;
  // a team chosen elsewhere (the guided path's ?team=) may sit on another page
  const elsewhere = useQuery({
    ...teamsQuery({ activityId: activity.id, id: selected as number, size: 1 }),
    select: (r) => r.content[0] ?? null,
    enabled: typeof selected === 'number' && !!teams.data && !onPage,
  });
  const current = onPage ?? (typeof selected === 'number' ? (elsewhere.data ?? undefined) : undefined);

  const filters: { value: Filter; label: string }[] = [
    { value: 'all', label: t('registration:teamStatus.all') },
    { value: '1', label: t('registration:teamStatus.1') },
    { value: '2', label: t('registration:teamStatus.2') },
    { value: 'paid', label: t('registration:teamStatus.3') },
  ];
  if (activity.reviewRequired) filters.push({ value: '7', label: t('registration:teamStatus.7') });

  return (
    <div>
      <div className={s.toolbar}>
        <Radio.Group
          aria-label={t('registration:team.filter')}
          optionType="button"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as Filter);
            setPage(1);
          }}
          options={filters}
        />
      </div>
      <div className={s.toolbar}>
        <WriteButton type="primary" onClick={() => select('new')}>
          {t('registration:team.create')}
        </WriteButton>
        <WriteButton onClick={() => setDialog('delete')}>{t('registration:team.delete')}</WriteButton>
        <WriteButton onClick={() => setDialog('bind')}>{t('registration:team.bindOrg')}</WriteButton>
      </div>
      {/* a list only when there are teams: a list holding just the "no team yet" note has no list items (axe
          aria-required-children, issue 23) */}
      {teams.isPending ? (
        <Spin />
      ) : teams.data?.content.length ? (
        <div className={s.chips} role="list" aria-label={t('registration:field.teams')}>
          {teams.data.content.map((x) => (
            <span role="listitem" key={x.id}>
              <Button shape="round" type={selected === x.id ? 'primary' : 'default'} aria-pressed={selected === x.id} onClick={() => select(x.id)}>
                {langPartIn(t('registration:team.chip', { name: NAME_SLOT, count: x.teamMembers.length, max: x.program.maximum }), x.name, lang)}
              </Button>
            </span>
          ))}
        </div>
      ) : (
        <div className={s.chips}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('registration:team.empty')} />
        </div>
      )}
      {(teams.data?.totalElements ?? 0) > PAGE_SIZE ? (
        <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={teams.data?.totalElements ?? 0} onChange={setPage} showSizeChanger={false} />
      ) : null}
      <div ref={detailRef} className={s.detail}>
        <Card>
          {selected === 'new' ? (
            <TeamForm key="new" activity={activity} team={null} onSaved={(x) => setSelected(x.id)} />
          ) : current ? (
            <TeamForm key={current.id} activity={activity} team={current} />
          ) : (
            <Empty description={t('registration:team.select')} />
          )}
        </Card>
      </div>
      <DeleteTeamsDialog open={dialog === 'delete'} teams={teams.data?.content ?? []} onClose={() => setDialog(null)} onDone={() => setSelected(null)} />
      <BindOrgDialog
        open={dialog === 'bind'}
        activityId={activity.id}
        teams={(teams.data?.content ?? []).filter((x) => !x.orgCode)}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

function TeamForm({ activity, team, onSaved }: { activity: ActivityItem; team: TeamItem | null; onSaved?: (t: TeamItem) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<TeamFormValues>();
  const lock = useWriteLock();
  const [editing, setEditing] = useState(team === null && !lock.locked);
  const saveTeam = useMutation(saveTeamMutation);
  const moveOut = useMutation(moveOutMembersMutation);
  const checkingOrg = useMutation(checkOrgMutation);
  const checkingPromo = useMutation(checkTeamCodeMutation);
  const fail = useFailNotice();
  const [error, setError] = useState<string | null>(null);
  const [org, setOrg] = useState<OrgCheck | null>(null);
  const [leaderSearch, setLeaderSearch] = useState('');
  const [promo, setPromo] = useState<string | null>(null);
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [confirm, holder] = useConfirm();
  const level2 = activity.level === 2;
  const promotion = activity.promotionZone && team?.status === TEAM_STATUS.IN_REVIEW;
  const leaders = useQuery(leaderSearchQuery(activity.id, leaderSearch));
  const zones = useQuery({ ...zonesQuery(), enabled: promotion });
  const id = (f: string) => `team-${team?.id ?? 'new'}-${f}`;
  const leaderOptions = (leaders.data ?? []).map((l) => ({ value: l.id, label: `${l.name} ${l.phone}` }));
  if (team?.leader && !leaderOptions.some((o) => o.value === team.leader!.id)) leaderOptions.push({ value: team.leader.id, label: team.leader.name });

  const verifyOrg = () => {
    const code = String(form.getFieldValue('orgCode') ?? '').trim();
    setOrg(null);
    if (!code) return;
    checkingOrg.mutate(code, { onSuccess: setOrg, onError: fail });
  };

  const verifyPromo = () => {
    setPromo(null);
    const code = String(form.getFieldValue('teamCode') ?? '').trim();
    const zone = form.getFieldValue('sourceActivityId') as number | null | undefined;
    if (!code) return;
    if (!zone) return setPromo(t('registration:check.promoZoneFirst'));
    if (code.length < PROMOTION_CODE_MIN) return setPromo(t('registration:check.promoCodeShort'));
    checkingPromo.mutate(
      { activityId: activity.id, sourceActivityId: zone, teamCode: code },
      {
        onSuccess: (r) =>
          setPromo(
            r.verify === 1
              ? r.teamName
                ? t('registration:team.promoFound', { name: r.teamName })
                : t('registration:team.promoValid')
              : t('registration:team.promoNotFound'),
          ),
        onError: (e) => setPromo(errorText(e, t('registration:notice.serverBusy'))),
      },
    );
  };

  const send = (values: TeamFormValues, confirmed?: Confirmed) => {
    const payload = formToTeam(values, activity.id, { level2, promotion: !!promotion });
    saveTeam.mutate(team ? { ...payload, id: team.id, confirm: confirmed ? true : undefined, confirmSize: confirmed?.size } : payload, {
      onSuccess: (res) => {
        notice.success(res.resultStr);
        setEditing(false);
        onSaved?.(res.data);
      },
      onError: (e) => {
        // members follow a program change, and past its maximum the size is confirmed too (spec 4.2, 5)
        const asked = asksConfirmation(e, confirmed);
        if (asked) {
          void confirm(errorText(e, ''), t('registration:dialog.confirmProgram')).then((ok) => ok && send(values, asked));
          return;
        }
        setError(errorText(e, t('registration:notice.serverBusy')));
        if (isApiError(e))
          form.setFields(
            Object.entries(e.fieldErrors)
              .filter(([k]) => k in emptyTeam())
              .map(([name, m]) => ({ name: name as keyof TeamFormValues, errors: [m] })),
          );
      },
    });
  };

  const save = () => {
    setError(null);
    const values = { ...emptyTeam(), ...form.getFieldsValue(true) } as TeamFormValues;
    const problem = checkTeam(values, { promotion: !!promotion });
    if (problem) {
      form.setFields([{ name: problem.field, errors: [t(problem.key)] }]);
      setError(t(problem.key));
      return;
    }
    send(values);
  };

  const removeMember = async (memberId: number, name: string) => {
    if (!(await confirm(t('registration:confirm.removeMember', { name })))) return;
    moveOut.mutate([memberId], { onSuccess: (res) => void notice.success(res.resultStr), onError: fail });
  };

  return (
    <div>
      {holder}
      <div className={s.toolbar}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{team ? <LangPart text={team.name} /> : t('registration:team.new')}</h2>
        {team ? (
          <Tag>
            {t(
              team.status === TEAM_STATUS.IN_REVIEW
                ? 'registration:teamStatus.7'
                : team.status === TEAM_STATUS.FULL
                  ? 'registration:teamStatus.2'
                  : 'registration:teamStatus.1',
            )}
          </Tag>
        ) : null}
        {team?.payStatus === PAY_STATUS.REGISTERED ? <PayStatusTag status={PAY_STATUS.REGISTERED} /> : null}
        <span className={s.toolbarSpacer} />
        {editing ? (
          <Button type="primary" loading={saveTeam.isPending} onClick={save}>
            {t('registration:actions.save')}
          </Button>
        ) : (
          <WriteButton onClick={() => setEditing(true)}>{t('registration:actions.edit')}</WriteButton>
        )}
        {editing && team ? (
          <Button
            onClick={() => {
              setError(null);
              setEditing(false);
            }}
          >
            {t('registration:actions.cancel')}
          </Button>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon role="alert" className={s.alert} title={error} /> : null}
      {!editing && team ? (
        <dl className={s.readView} aria-label={t('registration:readView.label', { name: team.name })}>
          <ReadItem label={t('registration:field.teamName')}>{langPart(team.name, lang)}</ReadItem>
          <ReadItem label={t('registration:field.teamNumber')}>{team.number}</ReadItem>
          {/* spec 4.2 labels: created / creation complete (every place of the program taken) */}
          <ReadItem label={t('registration:field.teamState')}>
            {t(team.teamMembers.length >= team.program.maximum ? 'registration:field.creationComplete' : 'registration:field.created')}
          </ReadItem>
          {/* spec 4.3: the team review, moved by the organisers */}
          <ReadItem label={t('registration:field.teamReview')}>{t(teamReviewKey(team.reviewStatus))}</ReadItem>
          {/* suspended or failed: why, when the organisers said */}
          {teamReviewHasReason(team.reviewStatus) && team.reviewReason ? (
            <ReadItem label={t('registration:field.teamReviewReason')}>{langPart(team.reviewReason, lang)}</ReadItem>
          ) : null}
          <ReadItem label={t('registration:field.creator')}>{langPart(team.creator?.nickName, lang)}</ReadItem>
          <ReadItem label={t('registration:field.program')}>{team.program.name}</ReadItem>
          <ReadItem label={t('registration:field.leader')}>{langPart(team.leader?.name, lang)}</ReadItem>
          <ReadItem label={t('registration:field.address')}>{langPart(team.address, lang)}</ReadItem>
          <ReadItem label={t('registration:field.orgAddress')}>{langPart(team.orgAddress, lang)}</ReadItem>
          <ReadItem label={t('registration:field.plan')}>{team.plan?.name ?? activity.plans?.[0]?.name ?? '—'}</ReadItem>
          <ReadItem label={t('registration:field.orgCode')}>
            {team.orgCode ? (
              <>
                {team.orgCode}
                {team.orgName ? <> · {langPart(team.orgName, lang)}</> : null}
              </>
            ) : (
              ''
            )}
          </ReadItem>
          {level2 ? <ReadItem label={t('registration:field.sourceCode')}>{team.sourceCode}</ReadItem> : null}
          {promotion ? <ReadItem label={t('registration:field.teamCode')}>{team.teamCode}</ReadItem> : null}
        </dl>
      ) : null}
      {editing ? (
        <Form<TeamFormValues>
          form={form}
          layout="vertical"
          initialValues={team ? teamToForm(team) : emptyTeam()}
          onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof TeamFormValues, errors: [] })))}
          className={s.formGrid}
        >
          <Form.Item name="name" label={t('registration:field.teamName')} htmlFor={id('name')} required>
            <Input id={id('name')} maxLength={NAME_MAX} />
          </Form.Item>
          {team ? (
            <Form.Item label={t('registration:field.teamNumber')}>
              <span className={s.plainValue}>{team.number}</span>
            </Form.Item>
          ) : null}
          <Form.Item name="programId" label={t('registration:field.program')} htmlFor={id('program')} required>
            <Select
              id={id('program')}
              placeholder={t('registration:placeholder.select')}
              options={(activity.programs ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item name="leaderId" label={t('registration:field.leader')} htmlFor={id('leader')}>
            <Select
              id={id('leader')}
              allowClear
              showSearch={{ filterOption: false, onSearch: setLeaderSearch }}
              placeholder={t('registration:placeholder.leader')}
              options={leaderOptions}
            />
          </Form.Item>
          <Form.Item name="address" label={t('registration:field.address')} htmlFor={id('address')}>
            <Input id={id('address')} maxLength={ADDRESS_MAX} />
          </Form.Item>
          <Form.Item name="orgAddress" label={t('registration:field.orgAddress')} htmlFor={id('orgAddress')}>
            <Input id={id('orgAddress')} maxLength={ADDRESS_MAX} />
          </Form.Item>
          <Form.Item label={t('registration:field.plan')}>
            <span className={s.plainValue}>{team?.plan?.name ?? activity.plans?.[0]?.name ?? '—'}</span>
          </Form.Item>
          <Form.Item
            name="orgCode"
            label={t('registration:field.orgCode')}
            htmlFor={id('org')}
            extra={
              org ? (
                <span role="status">{t(orgVerifyKey(org.verify), { name: org.orgName ?? '' })}</span>
              ) : team?.orgName ? (
                <span>{team.orgName}</span>
              ) : undefined
            }
          >
            <Input id={id('org')} maxLength={CHANNEL_CODE_MAX} onBlur={verifyOrg} />
          </Form.Item>
          {level2 ? (
            <Form.Item name="sourceCode" label={t('registration:field.sourceCode')} htmlFor={id('source')}>
              <Input id={id('source')} maxLength={PROMOTION_CODE_MAX} />
            </Form.Item>
          ) : null}
          {promotion ? (
            <>
              <Form.Item name="sourceActivityId" label={t('registration:field.promoZone')} htmlFor={id('zone')}>
                <Select id={id('zone')} allowClear loading={zones.isPending} options={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} />
              </Form.Item>
              <Form.Item
                name="teamCode"
                label={t('registration:field.teamCode')}
                htmlFor={id('teamCode')}
                extra={promo ? <span role="status">{promo}</span> : undefined}
              >
                <Input id={id('teamCode')} maxLength={PROMOTION_CODE_MAX} onBlur={verifyPromo} />
              </Form.Item>
            </>
          ) : null}
        </Form>
      ) : null}
      {team ? <TeamFees activityId={activity.id} teamId={team.id} /> : null}
      {team ? (
        <section aria-labelledby={id('members')}>
          <h3 id={id('members')} style={{ fontSize: 16 }}>
            {t('registration:team.membersTitle')}
          </h3>
          {!team.teamMembers.length ? <p className={s.muted}>{t('registration:team.noMembers')}</p> : null}
          {team.teamMembers.map((m) => (
            <div key={m.id} className={s.memberRow}>
              <div>
                <span className={nameClass(m.payStatus)}>
                  <LangPart text={m.name} />
                </span>{' '}
                <span className={s.muted}>{m.program?.name}</span>{' '}
                {m.program && m.program.id !== team.program.id ? (
                  <Tooltip title={t('registration:team.programDiffers')}>
                    <WarningOutlined style={{ color: '#d46b08' }} aria-label={t('registration:team.programDiffers')} role="img" />
                  </Tooltip>
                ) : null}
                <div>
                  <PayStatusTag status={m.payStatus} />
                </div>
              </div>
              <CodeField
                member={{ id: m.id, name: m.name, team: { id: team.id, name: team.name, status: team.status } }}
                activityId={activity.id}
                value={codes[m.id] ?? m.code ?? ''}
                onChange={(v) => setCodes({ ...codes, [m.id]: v })}
                disabled={codeEntryClosed(m.payStatus, activity.level, team.status)}
              />
              <WriteButton size="small" onClick={() => void removeMember(m.id, m.name)} disabled={!isFree(m.payStatus)}>
                {t('registration:actions.remove')}
              </WriteButton>
              {m.consent !== 'notNeeded' ? (
                // a child's guardian consent (issue 37), across the row: the state in words and the way to get it
                <div className={s.memberRowWide}>
                  <ConsentInline member={m} />
                </div>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}

function DeleteTeamsDialog({ open, teams, onClose, onDone }: { open: boolean; teams: TeamItem[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [ids, setIds] = useState<number[]>([]);
  const [confirm, holder] = useConfirm();
  const remove = useMutation(deleteTeamsMutation);
  const fail = useFailNotice();
  const ok = async () => {
    if (!ids.length) {
      notice.error(t('registration:check.selectTeams'));
      return;
    }
    if (!(await confirm(t('registration:confirm.deleteTeams', { count: ids.length })))) return;
    remove.mutate(ids, {
      onSuccess: (res) => {
        notice.success(res.resultStr);
        setIds([]);
        onClose();
        onDone();
      },
      onError: fail,
    });
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.deleteTeams')}
      onOk={() => void ok()}
      onCancel={onClose}
      okText={t('registration:actions.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('registration:actions.cancel')}
    >
      {holder}
      <fieldset className={s.checkGroup}>
        <legend>{t('registration:field.teams')}</legend>
        <p className={s.muted} id="delete-teams-hint">
          {t('registration:dialog.deleteTeamsHint')}
        </p>
        <CheckList
          ids={ids}
          setIds={setIds}
          describedBy="delete-teams-hint"
          items={teams.map((x) => {
            // spec 5: a team with a completed payment (or one under way, or under review) cannot be deleted
            const held = x.teamMembers.filter((m) => !isFree(m.payStatus)).length;
            return { value: x.id, label: x.name, disabled: held > 0, note: held ? t('registration:dialog.teamHasRegistered', { count: held }) : undefined };
          })}
        />
      </fieldset>
    </Modal>
  );
}

function CheckList({
  ids,
  setIds,
  items,
  describedBy,
}: {
  ids: number[];
  setIds: (v: number[]) => void;
  items: { value: number; label: string; disabled?: boolean; note?: string }[];
  describedBy?: string;
}) {
  return (
    <div className={s.checkGroup}>
      {items.map((i) => (
        <Checkbox
          key={i.value}
          checked={ids.includes(i.value)}
          disabled={i.disabled}
          aria-describedby={describedBy}
          onChange={(e) => setIds(e.target.checked ? [...ids, i.value] : ids.filter((x) => x !== i.value))}
        >
          <LangPart text={i.label} />
          {i.note ? <span className={s.lockNote}> · {i.note}</span> : null}
        </Checkbox>
      ))}
    </div>
  );
}

function BindOrgDialog({ open, activityId, teams, onClose }: { open: boolean; activityId: number; teams: TeamItem[]; onClose: () => void }) {
  const { t } = useTranslation();
  const bind = useMutation(bindOrgMutation);
  const fail = useFailNotice();
  const [code, setCode] = useState('');
  const [org, setOrg] = useState<OrgCheck | null>(null);
  const [ids, setIds] = useState<number[]>([]);
  const checking = useMutation(checkOrgMutation);
  const verify = async () => {
    setOrg(null);
    if (code.trim().length < CHANNEL_CODE_MIN) {
      notice.error(t('registration:check.channelShort'));
      return null;
    }
    return checking.mutateAsync(code.trim()).then(
      (r) => {
        setOrg(r);
        return r;
      },
      (e: unknown) => {
        fail(e);
        return null;
      },
    );
  };
  const ok = async () => {
    const r = org ?? (await verify());
    if (!r) return;
    if (r.verify === 2 || !r.id) {
      notice.error(t('registration:check.channelInvalid'));
      return;
    }
    if (!ids.length) {
      notice.error(t('registration:check.selectTeams'));
      return;
    }
    bind.mutate(
      { activityId, orgId: r.id, orgCode: code.trim(), teamIds: ids.map(String) },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          setIds([]);
          onClose();
        },
        onError: fail,
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.bindOrg')}
      onOk={() => void ok()}
      onCancel={onClose}
      okText={t('registration:actions.confirm')}
      cancelText={t('registration:actions.cancel')}
    >
      <label className={s.muted} htmlFor="bind-code">
        {t('registration:field.teacherCode')}
      </label>
      <Input
        id="bind-code"
        value={code}
        maxLength={CHANNEL_CODE_MAX}
        onChange={(e) => {
          setCode(e.target.value);
          setOrg(null);
        }}
        onBlur={() => void verify()}
      />
      {org ? (
        <p role="status" className={s.muted}>
          {t(orgVerifyKey(org.verify), { name: org.orgName ?? '' })}
        </p>
      ) : null}
      <fieldset className={s.checkGroup} style={{ marginTop: 12 }}>
        <legend>{t('registration:dialog.unbound')}</legend>
        <CheckList ids={ids} setIds={setIds} items={teams.map((x) => ({ value: x.id, label: x.name }))} />
      </fieldset>
    </Modal>
  );
}
