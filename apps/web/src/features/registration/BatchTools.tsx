import { Alert, Button, Modal, Progress, Radio, Select, Space, Spin, Table, Tag, Upload } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchAvatars, type MatchRow } from '@rp/shared/rules/avatar-match';
import { BATCH_AVATAR_MAX_FILES, UPLOAD_LIMITS } from '@rp/shared/limits';
import { isApiError } from '../../lib/api-client';
import { useLang } from '../../lib/use-lang';
import { runPool } from '../../lib/pool';
import { bindAvatarsMutation, templateUrl, importPlayersMutation, membersQuery, upload, type ImportResult, type MemberItem } from './api';
import { errorText, notice } from './common';
import { avatarUploadTag } from './model';
import s from './registration.module.css';

/** Spreadsheet import: template, preview with per-row errors, then all-or-nothing or valid rows only. */
export function ImportDialog({ open, activityId, onClose }: { open: boolean; activityId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [atomic, setAtomic] = useState(true);
  const importing = useMutation(importPlayersMutation);
  const busy = importing.isPending;
  const [error, setError] = useState<string | null>(null);

  const send = (mode: 'preview' | 'commit') => {
    if (!file) return;
    setError(null);
    importing.mutate(
      { file, activityId, mode, atomic },
      {
        onSuccess: (res) => {
          setPreview(res.data);
          if (mode === 'commit') notice.success(t('registration:batch.written', { count: res.data.written }));
        },
        onError: (e) => {
          setError(errorText(e, t('registration:notice.serverBusy')));
          const body = isApiError(e) ? (e.body as { data?: ImportResult } | undefined) : undefined;
          if (body?.data) setPreview(body.data);
        },
      },
    );
  };

  return (
    <Modal open={open} width={760} title={t('registration:batch.import')} onCancel={onClose} footer={null} destroyOnHidden>
      <ol className={s.importSteps}>
        <li>
          {t('registration:batch.step1')}{' '}
          {/* a plain link: the browser downloads it from the click itself (a fetched file saved later can be held back as an "automatic download") */}
          <Button size="small" href={templateUrl(activityId, lang)} download>
            {t('registration:batch.template')}
          </Button>
        </li>
        <li>{t('registration:batch.step2')}</li>
      </ol>
      <p className={s.muted}>{t('registration:batch.guardianHint')}</p>
      <Upload.Dragger
        accept=".xls,.xlsx"
        maxCount={1}
        showUploadList={false}
        {...{ 'aria-label': t('registration:batch.chooseSheet') }}
        beforeUpload={(f) => {
          setFile(f);
          setPreview(null);
          setError(null);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{file ? file.name : t('registration:batch.dropSheet')}</p>
        <p className="ant-upload-hint">{t('registration:batch.sheetHint')}</p>
      </Upload.Dragger>
      <div className={s.toolbar} style={{ marginTop: 12 }}>
        {/* Not antd's `loading`: a request shorter than the icon's entry animation can leave the collapsed icon
            in the button's accessible name ("loading Preview"). Disabled while busy, with a spinner beside it. */}
        <Button type={preview ? 'default' : 'primary'} disabled={!file || busy} aria-busy={busy && !preview} onClick={() => send('preview')}>
          {t('registration:batch.preview')}
        </Button>
        {busy && !preview ? <Spin size="small" /> : null}
      </div>
      {error ? <Alert type="error" showIcon title={error} className={s.alert} /> : null}
      {preview ? (
        <>
          <p role="status">{t('registration:batch.summary', { total: preview.total, valid: preview.valid })}</p>
          {preview.consentLinks ? (
            // issue 37: the guardians of the players under 14 named in the sheet are sent the consent link
            <p>{t(preview.written ? 'registration:batch.consentLinksSent' : 'registration:batch.consentLinks', { count: preview.consentLinks })}</p>
          ) : null}
          {preview.errors.length ? (
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
              pagination={{ pageSize: 10 }}
              dataSource={preview.errors}
              columns={[
                { title: t('registration:batch.row'), dataIndex: 'row', width: 70 },
                { title: t('registration:batch.column'), dataIndex: 'column', width: 140 },
                { title: t('registration:batch.message'), dataIndex: 'message' },
              ]}
            />
          ) : null}
          {preview.errors.length ? (
            // only when some rows have problems is there a choice to make: say what each option does
            <fieldset className={s.checkGroup}>
              <legend>{t('registration:batch.whenErrors')}</legend>
              <Radio.Group
                className={s.radioStack}
                value={atomic}
                onChange={(e) => setAtomic(Boolean(e.target.value))}
                options={[
                  { value: true, label: t('registration:batch.atomic') },
                  { value: false, label: t('registration:batch.validOnlyCount', { count: preview.valid }) },
                ]}
              />
            </fieldset>
          ) : null}
          <Button type="primary" loading={busy} disabled={!preview.valid || (atomic && preview.errors.length > 0)} onClick={() => send('commit')}>
            {t('registration:batch.importRows', { count: atomic && preview.errors.length ? preview.total : preview.valid })}
          </Button>
          {atomic && preview.errors.length ? <p className={s.muted}>{t('registration:batch.fixFirst')}</p> : null}
        </>
      ) : null}
    </Modal>
  );
}

type Player = { id: number; name: string; card: string | null };
interface AvatarRow extends MatchRow<Player> {
  file: File;
  url: string;
  state: 'idle' | 'uploading' | 'ok' | 'failed';
  message?: string;
}

/** Batch avatars: match files to players by name, upload (3 at a time) with progress, then bind. */
export function BatchAvatarDialog({ open, activityId, onClose }: { open: boolean; activityId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useQuery({ ...membersQuery({ activityId, size: 999 }), select: (r) => r.content, enabled: open });
  const bind = useMutation(bindAvatarsMutation);
  const [rows, setRows] = useState<AvatarRow[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [done, setDone] = useState(0);
  const [uploading, setUploading] = useState(false);
  const busy = uploading || bind.isPending;

  // files chosen before the player list arrived (a slow network) are matched once it does, not left unmatched
  const [waiting, setWaiting] = useState<readonly File[] | null>(null);
  const choose = (files: readonly File[]) => {
    if (!members.data) {
      setWaiting(files);
      return;
    }
    setWaiting(null);
    const list = [...files].slice(0, BATCH_AVATAR_MAX_FILES).filter((f) => /\.(jpe?g|png)$/i.test(f.name) && f.size <= UPLOAD_LIMITS.batchAvatar);
    const players: Player[] = (members.data ?? []).map((m: MemberItem) => ({ id: m.id, name: m.name, card: m.card || null }));
    const matched = matchAvatars(
      list.map((f) => f.name),
      players,
    );
    for (const r of rows) URL.revokeObjectURL(r.url);
    setRows(matched.map((m, i) => ({ ...m, file: list[i]!, url: URL.createObjectURL(list[i]!), state: 'idle' })));
    setSelected([]);
    setDone(0);
  };

  useEffect(() => {
    if (waiting && members.data) choose(waiting);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choose reads the list this effect waits for
  }, [waiting, members.data]);

  const run = async (only?: string[]) => {
    const chosen = rows.filter((r) => (only ?? selected).includes(r.fileName) && r.selectable && r.player);
    if (!chosen.length) {
      notice.error(t('registration:check.selectFiles'));
      return;
    }
    setUploading(true);
    setDone(0);
    const patch = (fileName: string, p: Partial<AvatarRow>) => setRows((prev) => prev.map((r) => (r.fileName === fileName ? { ...r, ...p } : r)));
    const results = await runPool(
      chosen,
      3,
      async (r) => {
        patch(r.fileName, { state: 'uploading' });
        const url = await upload(r.file, r.file.name, activityId, avatarUploadTag(r.player!.name), 'batchAvatar');
        return { memberId: r.player!.id, headImg: url, fileName: r.fileName };
      },
      (i, res) => {
        setDone((d) => d + 1);
        if (!res.ok) patch(chosen[i]!.fileName, { state: 'failed', message: errorText(res.error, t('registration:notice.uploadFailed')) });
      },
    );
    const uploaded = results.flatMap((r) => (r.ok ? [r.value] : []));
    setUploading(false);
    if (!uploaded.length) return;
    bind.mutate(
      { activityId, memberPhotoVoList: uploaded.map(({ memberId, headImg }) => ({ memberId, headImg })) },
      {
        onSuccess: (list) => {
          for (const u of uploaded) {
            const r = list.find((x) => x.memberId === u.memberId);
            patch(u.fileName, { state: r?.ok ? 'ok' : 'failed', message: r?.message });
          }
          if (list.some((x) => x.ok)) notice.success(t('registration:notice.avatarOk'));
        },
        onError: (e) => {
          for (const u of uploaded) patch(u.fileName, { state: 'failed', message: errorText(e, t('registration:notice.uploadFailed')) });
        },
      },
    );
  };

  // spec 5: where several players share a name, the person confirms which one the picture belongs to
  const confirmMatch = (fileName: string, playerId: number) =>
    setRows((prev) =>
      prev.map((r) => {
        if (r.fileName !== fileName) return r;
        const player = r.candidates.find((c) => c.id === playerId) ?? null;
        return { ...r, player, selectable: !!player?.card };
      }),
    );
  const unconfirmed = rows.filter((r) => r.ambiguous && !r.player).length;

  const failed = rows.filter((r) => r.state === 'failed').map((r) => r.fileName);
  const total = rows.filter((r) => selected.includes(r.fileName)).length || 1;

  return (
    <Modal open={open} width={860} title={t('registration:batch.avatars')} onCancel={onClose} footer={null}>
      <p className={s.muted}>{t('registration:batch.avatarsHint')}</p>
      {rows.length ? <p className={s.muted}>{t('registration:batch.tickHint')}</p> : null}
      <Space wrap className={s.toolbar}>
        <Upload
          multiple
          accept="image/jpeg,image/png"
          showUploadList={false}
          {...{ 'aria-label': t('registration:batch.chooseImages') }}
          beforeUpload={(f, list) => {
            // called once per file: take the whole batch with its last file
            if (f === list[list.length - 1]) choose(list);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />}>{t('registration:batch.chooseImages')}</Button>
        </Upload>
        <Button type="primary" loading={busy} onClick={() => void run()}>
          {t('registration:batch.uploadSelected')}
        </Button>
        {rows.some((r) => r.selectable) ? (
          <Button disabled={busy} onClick={() => setSelected(rows.filter((r) => r.selectable).map((r) => r.fileName))}>
            {t('registration:batch.selectAllMatched', { count: rows.filter((r) => r.selectable).length })}
          </Button>
        ) : null}
        {failed.length && !busy ? <Button onClick={() => void run(failed)}>{t('registration:batch.retry')}</Button> : null}
      </Space>
      {unconfirmed ? <Alert type="warning" showIcon className={s.alert} title={t('registration:batch.ambiguousAlert', { count: unconfirmed })} /> : null}
      {busy || done ? <Progress percent={Math.round((done / total) * 100)} aria-label={t('registration:batch.progress')} /> : null}
      <Table<AvatarRow>
        size="small"
        rowKey="fileName"
        dataSource={rows}
        pagination={{ pageSize: 20 }}
        scroll={{ x: true }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (k) => setSelected(k as string[]),
          getCheckboxProps: (r) => ({ disabled: !r.selectable, 'aria-label': t('registration:batch.pick', { file: r.fileName }) }),
        }}
        columns={[
          { title: t('registration:batch.fileName'), dataIndex: 'fileName' },
          {
            title: t('registration:field.name'),
            render: (_, r) =>
              r.ambiguous ? (
                <Select
                  size="small"
                  style={{ minWidth: 200 }}
                  value={r.player?.id}
                  placeholder={t('registration:batch.ambiguous')}
                  aria-label={t('registration:batch.confirmMatch', { file: r.fileName })}
                  options={r.candidates.map((c) => ({ value: c.id, label: `${c.name} ${c.card ?? ''}`.trim() }))}
                  onChange={(v: number) => confirmMatch(r.fileName, v)}
                />
              ) : (
                (r.player?.name ?? t('registration:batch.noMatch'))
              ),
          },
          { title: t('registration:field.card'), render: (_, r) => r.player?.card ?? '' },
          {
            title: t('registration:field.avatar'),
            render: (_, r) => <img src={r.url} alt={r.fileName} width={45} height={63} style={{ objectFit: 'cover' }} />,
          },
          {
            title: t('registration:batch.result'),
            render: (_, r) =>
              r.state === 'idle' ? null : (
                <Tag color={r.state === 'ok' ? 'success' : r.state === 'failed' ? 'error' : 'processing'}>{r.message ?? t('registration:batch.uploading')}</Tag>
              ),
          },
          {
            title: t('registration:batch.actions'),
            render: (_, r) =>
              r.state === 'failed' ? (
                <Button size="small" onClick={() => void run([r.fileName])}>
                  {t('registration:batch.retry')}
                </Button>
              ) : !r.selectable ? (
                <span className={s.muted}>
                  {r.player ? t('registration:batch.noCard') : r.ambiguous ? t('registration:batch.confirmFirst') : t('registration:batch.noMatch')}
                </span>
              ) : null,
          },
        ]}
      />
    </Modal>
  );
}
