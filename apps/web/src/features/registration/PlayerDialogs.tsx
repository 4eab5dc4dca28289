import { Alert, Button, Checkbox, Input, Modal, Select, Table, Tag, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REDEEM_CODE_MAX } from '@rp/shared/limits';
import { nextPayStatus } from '@rp/shared/rules/registration';
import type { ActivityItem } from '../../lib/contract';
import {
  assignTeamMutation,
  batchRedeemMutation,
  changeProgramMutation,
  deleteMembersMutation,
  membersQuery,
  parseCodesMutation,
  submitMembersMutation,
  type MemberItem,
  type RedeemResult,
} from './api';
import { asksConfirmation, errorText, notice, useConfirm, useFailNotice, type Confirmed } from './common';
import { codeLocked, splitDeletable } from './model';
import { usePlayerPicker, useTeamPicker } from './pickers';
import s from './registration.module.css';

interface Base {
  open: boolean;
  onClose: () => void;
  /** after a successful write (the write itself refetches the registration lists) */
  onDone?: () => void;
}

function useAllMembers(activityId: number, open: boolean) {
  return useQuery({ ...membersQuery({ activityId, size: 999 }), select: (r) => r.content, enabled: open });
}

/** A dialog's write went through: its message, the choice cleared, the dialog closed. */
function useDone(setIds: (ids: number[]) => void, { onClose, onDone }: Pick<Base, 'onClose' | 'onDone'>) {
  return (res: { resultStr: string }) => {
    notice.success(res.resultStr);
    setIds([]);
    onClose();
    onDone?.();
  };
}

/** Players to act on: 20 at a time, searched on the server; the chosen ones keep their label. */
function PlayersSelect({
  id,
  ids,
  setIds,
  players,
}: {
  id: string;
  ids: number[];
  setIds: (ids: number[]) => void;
  players: ReturnType<typeof usePlayerPicker>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className={s.muted} htmlFor={id}>
        {t('registration:field.members')}
      </label>
      <Select
        id={id}
        mode="multiple"
        style={{ width: '100%' }}
        value={ids}
        onChange={(v: number[]) => {
          setIds(v);
          players.remember(v);
        }}
        showSearch={{ filterOption: false, onSearch: players.onSearch }}
        options={players.options}
      />
    </>
  );
}

export function DeletePlayersDialog({ open, activityId, onClose, onDone }: Base & { activityId: number }) {
  const { t } = useTranslation();
  const all = useAllMembers(activityId, open);
  const [ids, setIds] = useState<number[]>([]);
  const finished = useDone(setIds, { onClose, onDone });
  const [confirm, holder] = useConfirm();
  const { open: deletable, done } = splitDeletable(all.data ?? []);
  const remove = useMutation(deleteMembersMutation);
  const fail = useFailNotice();
  const ok = async () => {
    if (!ids.length) {
      notice.error(t('registration:check.selectPlayers'));
      return;
    }
    if (!(await confirm(t('registration:confirm.deletePlayers', { count: ids.length })))) return;
    remove.mutate(ids, { onSuccess: finished, onError: fail });
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.deletePlayers')}
      onOk={() => void ok()}
      onCancel={onClose}
      okText={t('registration:actions.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('registration:actions.cancel')}
    >
      {holder}
      <fieldset className={s.checkGroup}>
        <legend>{t('registration:dialog.notPaid')}</legend>
        <Checkbox.Group value={ids} onChange={(v) => setIds(v as number[])} options={deletable.map((m) => ({ value: m.id, label: m.name }))} />
      </fieldset>
      <fieldset className={s.checkGroup}>
        <legend>{t('registration:dialog.completed')}</legend>
        <Checkbox.Group disabled value={done.map((m) => m.id)} options={done.map((m) => ({ value: m.id, label: m.name }))} />
      </fieldset>
    </Modal>
  );
}

export function AssignTeamDialog({ open, activityId, onClose, onDone }: Base & { activityId: number }) {
  const { t } = useTranslation();
  const teams = useTeamPicker(activityId, open);
  const players = usePlayerPicker(activityId, open);
  const [teamId, setTeamId] = useState<number | null>(null);
  const [ids, setIds] = useState<number[]>([]);
  const finished = useDone(setIds, { onClose, onDone });
  const [confirm, holder] = useConfirm();
  const assign = useMutation(assignTeamMutation);
  const fail = useFailNotice();
  const send = (confirmed?: Confirmed) => {
    if (!teamId || !ids.length) {
      notice.error(t('registration:check.completeData'));
      return;
    }
    assign.mutate(
      { teamId, teamMemberIdList: ids, activityId, confirm: confirmed ? true : undefined, confirmSize: confirmed?.size },
      {
        onSuccess: finished,
        onError: (e) => {
          // spec 5: past the team's maximum the person confirms the size it reaches; the server then moves them
          const asked = asksConfirmation(e, confirmed);
          if (asked) void confirm(errorText(e, '')).then((ok) => ok && send(asked));
          else fail(e);
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.assignTeam')}
      onOk={() => send()}
      onCancel={onClose}
      okText={t('registration:actions.confirm')}
      cancelText={t('registration:actions.cancel')}
    >
      {holder}
      <label className={s.muted} htmlFor="assign-team">
        {t('registration:field.team')}
      </label>
      <Select
        id="assign-team"
        style={{ width: '100%', marginBottom: 12 }}
        value={teamId}
        onChange={setTeamId}
        showSearch={{ filterOption: false, onSearch: teams.onSearch }}
        options={teams.teams.map((x) => ({ value: x.id, label: `${x.name} · ${x.program.name}` }))}
      />
      <PlayersSelect id="assign-members" ids={ids} setIds={setIds} players={players} />
    </Modal>
  );
}

export function ChangeProgramDialog({ open, activity, onClose, onDone }: Base & { activity: ActivityItem }) {
  const { t } = useTranslation();
  const players = usePlayerPicker(activity.id, open);
  const [programId, setProgramId] = useState<number | null>(null);
  const [ids, setIds] = useState<number[]>([]);
  const finished = useDone(setIds, { onClose, onDone });
  const change = useMutation(changeProgramMutation);
  const fail = useFailNotice();
  const ok = () => {
    if (!programId || !ids.length) {
      notice.error(t('registration:check.completeData'));
      return;
    }
    change.mutate(
      { programId, teamMemberIdList: ids, activityId: activity.id },
      {
        onSuccess: finished,
        onError: fail,
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.changeProgram')}
      onOk={ok}
      onCancel={onClose}
      okText={t('registration:actions.confirm')}
      cancelText={t('registration:actions.cancel')}
    >
      <label className={s.muted} htmlFor="change-program">
        {t('registration:field.program')}
      </label>
      <Select
        id="change-program"
        style={{ width: '100%', marginBottom: 12 }}
        value={programId}
        onChange={setProgramId}
        options={(activity.programs ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <PlayersSelect id="change-members" ids={ids} setIds={setIds} players={players} />
    </Modal>
  );
}

export function SubmitDialog({ open, activityId, onClose, onDone }: Base & { activityId: number }) {
  const { t } = useTranslation();
  const all = useAllMembers(activityId, open);
  const [ids, setIds] = useState<number[]>([]);
  const finished = useDone(setIds, { onClose, onDone });
  const eligible = (all.data ?? []).filter((m) => m.team && nextPayStatus(m.payStatus, 'submit') !== null);
  const submission = useMutation(submitMembersMutation);
  const fail = useFailNotice();
  const ok = () => {
    if (!ids.length) {
      notice.error(t('registration:check.selectPlayers'));
      return;
    }
    submission.mutate(ids, {
      onSuccess: finished,
      onError: fail,
    });
  };
  return (
    <Modal
      open={open}
      title={t('registration:players.submit')}
      onOk={ok}
      onCancel={onClose}
      okText={t('registration:actions.submit')}
      cancelText={t('registration:actions.cancel')}
    >
      <Checkbox.Group
        className={s.checkGroup}
        value={ids}
        onChange={(v) => setIds(v as number[])}
        options={eligible.map((m) => ({ value: m.id, label: m.name }))}
      />
    </Modal>
  );
}

/** Per-member code inputs → batchRedeem; a result per member (spec 7.4). */
export function BatchRedeemDialog({ open, activityId, level, onClose, onDone }: Base & { activityId: number; level: number }) {
  const { t } = useTranslation();
  const all = useAllMembers(activityId, open);
  const [codes, setCodes] = useState<Record<number, string>>({});
  const [results, setResults] = useState<Record<number, RedeemResult>>({});
  const redeem = useMutation(batchRedeemMutation);
  const parse = useMutation(parseCodesMutation);
  const fail = useFailNotice();
  const busy = redeem.isPending;
  const failed = redeem.isError;
  // players keep their row (and their result) after a successful redeem locks their code
  const rows = (all.data ?? []).filter((m) => m.team && (!codeLocked(m, level) || results[m.id]));

  const importCodes = (file: File | undefined) => {
    if (!file) return;
    parse.mutate(file, {
      onSuccess: (list) => {
        const next: Record<number, string> = { ...codes };
        let i = 0;
        for (const m of rows) if (!next[m.id] && i < list.length) next[m.id] = list[i++]!;
        setCodes(next);
      },
      onError: fail,
    });
  };

  const ok = () => {
    const filled = rows.filter((m) => codes[m.id]?.trim());
    if (!filled.length) {
      notice.error(t('registration:check.codeRequired'));
      return;
    }
    const byTeam = new Map<number, MemberItem[]>();
    for (const m of filled) byTeam.set(m.team!.id, [...(byTeam.get(m.team!.id) ?? []), m]);
    redeem.mutate(
      {
        activityId,
        teams: [...byTeam.entries()].map(([teamId, ms]) => ({
          teamId,
          name: ms[0]!.team!.name,
          program: ms[0]!.program?.id,
          teamers: ms.map((m) => ({ name: m.name, teamerId: m.id, emerPhone: m.emerPhone || undefined, codeName: codes[m.id]!.trim() })),
        })),
      },
      {
        onSuccess: (list) => {
          setResults(Object.fromEntries(list.map((r) => [r.teamerId, r])));
          onDone?.();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      width={720}
      title={t('registration:dialog.batchRedeem')}
      onOk={ok}
      confirmLoading={busy}
      onCancel={onClose}
      okText={t('registration:actions.redeem')}
      cancelText={t('registration:actions.close')}
    >
      <p className={s.muted}>{t('registration:dialog.batchRedeemHint')}</p>
      <Upload
        accept=".xls,.xlsx"
        showUploadList={false}
        {...{ 'aria-label': t('registration:dialog.importCodes') }}
        beforeUpload={(f) => {
          importCodes(f);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{t('registration:dialog.importCodes')}</Button>
      </Upload>
      {failed ? <Alert type="error" showIcon title={t('registration:notice.serverBusy')} className={s.alert} /> : null}
      <Table<MemberItem>
        size="small"
        rowKey="id"
        pagination={false}
        loading={all.isPending}
        dataSource={rows}
        scroll={{ x: true }}
        columns={[
          { title: t('registration:field.name'), dataIndex: 'name' },
          { title: t('registration:field.team'), render: (_, m) => m.team?.name },
          {
            title: t('registration:field.code'),
            render: (_, m) => (
              <Input
                aria-label={`${t('registration:field.code')} ${m.name}`}
                value={codes[m.id] ?? ''}
                onChange={(e) => setCodes({ ...codes, [m.id]: e.target.value })}
                maxLength={REDEEM_CODE_MAX}
              />
            ),
          },
          {
            title: t('registration:batch.result'),
            render: (_, m) => {
              const r = results[m.id];
              return r ? <Tag color={r.ok ? 'success' : 'error'}>{r.message}</Tag> : null;
            },
          },
        ]}
      />
    </Modal>
  );
}
