import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Select, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityItem } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { createMember, listClothes, memberDetail, submitMembers, updateMember, upload, withdraw, type MemberItem, type TeamItem } from './api';
import { AvatarCrop } from './AvatarCrop';
import { CodeField } from './CodeField';
import { errorText, useConfirm } from './common';
import { avatarUploadTag, checkAvatar, checkMember, emptyMember, formToMember, memberToForm, type MemberFormValues } from './model';
import { PayStatusTag } from './PayStatusTag';
import s from './registration.module.css';

interface Props {
  activity: ActivityItem;
  memberId: number | null;
  teams: TeamItem[];
  onSaved: (m: MemberItem) => void;
  onChanged: () => void;
}

/** The player form (spec 2.4): read-only ↔ editable; leaving edit mode saves. */
export function MemberDetail({ activity, memberId, teams, onSaved, onChanged }: Props) {
  const detail = useQuery({ queryKey: ['reg', 'member', memberId], queryFn: () => memberDetail(memberId!), enabled: memberId !== null });
  if (memberId !== null && detail.isPending) return <Spin />;
  if (memberId !== null && !detail.data) return <Alert type="error" title={errorText(detail.error, '')} />;
  return <MemberForm key={`${memberId ?? 'new'}-${detail.data?.headImg ?? ''}-${detail.data?.payStatus ?? ''}`} activity={activity} member={detail.data ?? null} teams={teams} onSaved={onSaved} onChanged={onChanged} refetch={() => void detail.refetch()} />;
}

function MemberForm({ activity, member, teams, onSaved, onChanged, refetch }: Omit<Props, 'memberId'> & { member: MemberItem | null; refetch: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MemberFormValues>();
  const [editing, setEditing] = useState(member === null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [cropFile, setCropFile] = useState<File | null>(null);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [confirm, holder] = useConfirm();
  const fileInput = useRef<HTMLInputElement>(null);
  const cardType = Form.useWatch('cardType', form);
  const headImg = Form.useWatch('headImg', form);
  const teamId = Form.useWatch('teamId', form);
  const programs = activity.programs ?? [];
  const clothes = useQuery({ queryKey: ['reg', 'clothes', activity.id], queryFn: () => listClothes(activity.id), staleTime: 10 * 60_000 });
  const locked = member ? [3, 9, 4, 5].includes(member.payStatus) : false;
  const planName = member?.plan?.name ?? teams.find((x) => x.id === teamId)?.plan?.name ?? activity.plans?.[0]?.name ?? '';
  const id = (f: string) => `member-${member?.id ?? 'new'}-${f}`;

  const save = async () => {
    setError(null);
    const values = { ...emptyMember(), ...form.getFieldsValue(true) } as MemberFormValues;
    const problem = checkMember(values);
    if (problem) {
      form.setFields([{ name: problem.field, errors: [t(problem.key)] }]);
      setError(t(problem.key));
      return;
    }
    setSaving(true);
    try {
      const payload = formToMember(values, activity.id);
      const res = member ? await updateMember({ ...payload, id: member.id }) : await createMember(payload);
      notify.success(res.resultStr);
      setEditing(false);
      onSaved(res.data);
      refetch();
    } catch (e) {
      const msg = errorText(e, t('registration:notice.serverBusy'));
      setError(msg);
      if (isApiError(e)) form.setFields(Object.entries(e.fieldErrors).filter(([k]) => k in emptyMember()).map(([name, m]) => ({ name: name as keyof MemberFormValues, errors: [m] })));
    } finally {
      setSaving(false);
    }
  };

  const chooseAvatar = (file: File | undefined) => {
    if (!file) return;
    const problem = checkAvatar(file, String(form.getFieldValue('name') ?? ''));
    if (problem) {
      notify.error(t(problem));
      return;
    }
    setCropFile(file);
  };
  const uploadCropped = async (blob: Blob) => {
    const name = String(form.getFieldValue('name') ?? '');
    setCropFile(null);
    try {
      const url = await upload(blob, `${avatarUploadTag(name)}.jpg`, activity.id, avatarUploadTag(name));
      form.setFieldValue('headImg', url);
      notify.success(t('registration:notice.avatarOk'));
    } catch (e) {
      notify.error(errorText(e, t('registration:notice.uploadFailed')));
    }
  };

  const submit = async () => {
    if (!member || !(await confirm(t('registration:confirm.submit')))) return;
    try {
      const res = await submitMembers([member.id]);
      notify.success(res.resultStr);
      onChanged();
      refetch();
    } catch (e) {
      notify.error(errorText(e, t('registration:notice.serverBusy')));
    }
  };

  return (
    <div>
      {holder}
      <div className={s.toolbar}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{member ? member.name : t('registration:players.new')}</h2>
        {member ? <PayStatusTag status={member.payStatus} /> : null}
        <span className={s.toolbarSpacer} />
        {editing ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('registration:actions.save')}
          </Button>
        ) : (
          <Button onClick={() => setEditing(true)}>{t('registration:actions.edit')}</Button>
        )}
        {member ? <Button onClick={() => setPreviewOpen(true)}>{t('registration:players.preview')}</Button> : null}
        {member && activity.reviewRequired && [0, 8].includes(member.payStatus) ? <Button onClick={() => void submit()}>{t('registration:players.submit')}</Button> : null}
        {member && [3, 9].includes(member.payStatus) ? <Button danger onClick={() => setWithdrawOpen(true)}>{t('registration:players.withdraw')}</Button> : null}
      </div>
      {member?.payStatus === 8 && member.reviewReason ? <Alert type="warning" showIcon className={s.alert} title={t('registration:players.reviewReason', { reason: member.reviewReason })} /> : null}
      {member && [3, 9].includes(member.payStatus) ? <Alert type="success" showIcon className={s.alert} title={t('registration:notice.registered')} /> : null}
      {error ? <Alert type="error" showIcon className={s.alert} title={error} role="alert" /> : null}
      <Form<MemberFormValues> form={form} layout="vertical" initialValues={member ? memberToForm(member) : emptyMember()} disabled={!editing} className={s.formGrid}>
        <Form.Item name="name" label={t('registration:field.name')} htmlFor={id('name')} required>
          <Input id={id('name')} maxLength={50} />
        </Form.Item>
        <Form.Item name="teamId" label={t('registration:field.team')} htmlFor={id('team')}>
          <Select
            id={id('team')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('registration:placeholder.team')}
            options={teams.map((x) => ({ value: x.id, label: x.name }))}
            onChange={(v: number | undefined) => {
              const team = teams.find((x) => x.id === v);
              if (team) form.setFieldValue('programId', team.program.id);
            }}
          />
        </Form.Item>
        <Form.Item name="programId" label={t('registration:field.program')} htmlFor={id('program')}>
          <Select id={id('program')} allowClear disabled={!editing || locked} placeholder={t('registration:placeholder.select')} options={programs.map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item label={t('registration:field.plan')} htmlFor={id('plan')}>
          <Input id={id('plan')} value={planName} readOnly variant="filled" />
        </Form.Item>
        <Form.Item name="clothesId" label={t('registration:field.clothes')} htmlFor={id('clothes')}>
          <Select
            id={id('clothes')}
            allowClear
            options={(clothes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            placeholder={t(clothes.data?.length ? 'registration:placeholder.select' : 'registration:placeholder.noClothes')}
          />
        </Form.Item>
        <Form.Item name="cardType" label={t('registration:field.cardType')}>
          <Radio.Group
            aria-label={t('registration:field.cardType')}
            options={[
              { value: 0, label: t('registration:idType.0') },
              { value: 1, label: t('registration:idType.1') },
            ]}
          />
        </Form.Item>
        <Form.Item name="card" label={t('registration:field.card')} htmlFor={id('card')} required>
          <Input id={id('card')} maxLength={30} autoComplete="off" />
        </Form.Item>
        {cardType === 1 ? (
          <Form.Item name="birthDay" label={t('registration:field.birthDay')} htmlFor={id('birth')} required>
            <Input id={id('birth')} type="date" />
          </Form.Item>
        ) : null}
        <Form.Item name="emerName" label={t('registration:field.emerName')} htmlFor={id('emerName')}>
          <Input id={id('emerName')} maxLength={50} />
        </Form.Item>
        <Form.Item name="region" label={t('registration:field.region')} htmlFor={id('region')}>
          <Input id={id('region')} maxLength={4} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="emerPhone" label={t('registration:field.emerPhone')} htmlFor={id('emerPhone')}>
          <Input id={id('emerPhone')} maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item name="headImg" hidden>
          <Input />
        </Form.Item>
        <Form.Item label={t('registration:field.avatar')} className={s.full}>
          <div className={s.avatarBox}>
            {headImg ? (
              <img src={headImg} alt={t('registration:avatar.alt', { name: member?.name ?? '' })} className={s.avatarImg} width={90} height={126} onError={() => notify.error(t('registration:notice.imageFailed'))} />
            ) : (
              <div className={s.avatarImg} role="img" aria-label={t('registration:avatar.none')} />
            )}
            <div>
              <input
                ref={fileInput}
                type="file"
                accept="image/jpeg,image/png"
                style={{ display: 'none' }}
                aria-label={t('registration:actions.upload')}
                onChange={(e) => {
                  chooseAvatar(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button onClick={() => fileInput.current?.click()}>{t('registration:actions.upload')}</Button>
              <p className={s.muted}>{t('registration:avatar.hint')}</p>
              {activity.avatarReferenceImage ? <p className={s.muted}>{t('registration:avatar.reference')}</p> : null}
            </div>
          </div>
        </Form.Item>
      </Form>
      {member ? (
        <Form layout="vertical">
          <Form.Item label={t('registration:field.code')} htmlFor={id('code')} extra={member.code ? member.code : undefined}>
            <CodeField
              inputId={id('code')}
              member={member}
              activityId={activity.id}
              value={code}
              onChange={setCode}
              disabled={[3, 9, 7, 4, 5].includes(member.payStatus)}
              onRedeemed={(m) => {
                setCode('');
                onSaved(m);
                refetch();
              }}
              onFailed={() => setEditing(false)}
            />
          </Form.Item>
        </Form>
      ) : null}
      <AvatarCrop file={cropFile} onDone={(b) => void uploadCropped(b)} onCancel={() => setCropFile(null)} />
      {member ? <WithdrawDialog open={withdrawOpen} member={member} onClose={() => setWithdrawOpen(false)} onDone={() => { onChanged(); refetch(); }} /> : null}
      {member ? (
        <Modal open={previewOpen} title={t('registration:dialog.preview')} footer={null} onCancel={() => setPreviewOpen(false)}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('registration:field.name')}>{member.name}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.team')}>{member.team?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.program')}>{member.program?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.cardType')}>{member.cardType === 1 ? t('registration:idType.1') : t('registration:idType.0')}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.card')}>{member.card}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.birthDay')}>{member.birthDay ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.emerName')}>{member.emerName}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.emerPhone')}>{`+${member.region} ${member.emerPhone}`}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.code')}>{member.code ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.payStatus')}>
              <PayStatusTag status={member.payStatus} />
            </Descriptions.Item>
          </Descriptions>
        </Modal>
      ) : null}
    </div>
  );
}

function WithdrawDialog({ open, member, onClose, onDone }: { open: boolean; member: MemberItem; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<2 | 3 | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (type === null) {
      notify.error(t('registration:check.selectWithdrawType'));
      return;
    }
    setBusy(true);
    try {
      const res = await withdraw({ name: note.trim(), type, teamMember: { id: member.id } });
      notify.success(res.resultStr);
      onClose();
      onDone();
    } catch (e) {
      notify.error(errorText(e, t('registration:notice.serverBusy')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('registration:dialog.withdraw')} onOk={() => void ok()} confirmLoading={busy} onCancel={onClose} okText={t('registration:actions.submit')} cancelText={t('registration:actions.cancel')}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label={t('registration:dialog.withdrawType')}
          value={type}
          onChange={(e) => setType(e.target.value as 2 | 3)}
          options={[
            { value: 2, label: t('registration:dialog.withdraw2') },
            { value: 3, label: t('registration:dialog.withdraw3'), disabled: !member.code },
          ]}
        />
        <Input.TextArea aria-label={t('registration:dialog.withdrawReason')} placeholder={t('registration:dialog.withdrawReason')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} />
      </Space>
    </Modal>
  );
}
