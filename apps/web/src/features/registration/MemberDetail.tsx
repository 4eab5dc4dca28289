import { Alert, Button, Descriptions, Form, Input, Modal, Radio, Select, Space, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MAX } from '@rp/shared/limits';
import { callingCodes, regionName } from '@rp/shared/rules/phone';
import { isDetailsLocked, isRegistered, nextPayStatus, PAY_STATUS } from '@rp/shared/rules/registration';
import type { ActivityItem } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import {
  clothesQuery,
  memberQuery,
  saveMemberMutation,
  submitMembersMutation,
  uploadMutation,
  withdrawMutation,
  type HistoryItem,
  type MemberItem,
} from './api';
import { AvatarCrop } from './AvatarCrop';
import { CodeField } from './CodeField';
import { EarlierPlayersDialog } from './EarlierPlayers';
import { errorText, notice, ReadItem, useConfirm, useFailNotice } from './common';
import { WriteButton, useWriteLock } from './lock';
import { avatarUploadTag, checkAvatar, checkMember, codeLocked, emptyMember, formToMember, historyToForm, memberToForm, type MemberFormValues } from './model';
import { PayStatusTag } from './PayStatusTag';
import { ChildRulesNote, ConsentBlock } from './ConsentBlock';
import { ConsentTag } from './ConsentTag';
import { useTeamPicker } from './pickers';
import s from './registration.module.css';

interface Props {
  activity: ActivityItem;
  memberId: number | null;
  /** after the registration lists refetched (the writes invalidate them) */
  onSaved: (m: MemberItem) => void;
}

type Field = keyof MemberFormValues;
/** A failed save: the text, and the message of each field at fault (shown under the field, cleared when it changes). */
export interface FormProblem {
  message: string;
  fields: Partial<Record<Field, string>>;
}

const LABEL_KEYS: Record<Field, string> = {
  name: 'registration:field.name',
  teamId: 'registration:field.team',
  programId: 'registration:field.program',
  clothesId: 'registration:field.clothes',
  cardType: 'registration:field.cardType',
  birthDay: 'registration:field.birthDay',
  card: 'registration:field.card',
  emerName: 'registration:field.emerName',
  region: 'registration:field.region',
  emerPhone: 'registration:field.emerPhone',
  headImg: 'registration:field.avatar',
};
/** The server's field names (spec 7.5 wire shape) → the form's. */
const SERVER_FIELD: Record<string, Field> = {
  name: 'name',
  team: 'teamId',
  program: 'programId',
  clothes: 'clothesId',
  cardType: 'cardType',
  card: 'card',
  gender: 'card',
  birth: 'birthDay',
  emerName: 'emerName',
  region: 'region',
  emerPhone: 'emerPhone',
  headImg: 'headImg',
};

/** Server fieldErrors mapped onto the form's fields ('team.id' → teamId). */
export function mapFieldErrors(fieldErrors: Record<string, string>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [k, v] of Object.entries(fieldErrors)) {
    const f = SERVER_FIELD[k.split('.')[0]!];
    if (f && !out[f]) out[f] = v;
  }
  return out;
}

/** Calling codes for the picker: mainland, Hong Kong, Macao, Taiwan first, then by name. */
export function useRegionOptions(lang: 'zh' | 'en') {
  const { t } = useTranslation();
  const mainland = t('registration:region.mainland');
  return useMemo(() => {
    const first = ['86', '852', '853', '886'];
    const all = callingCodes().map(({ code, regions }) => {
      // 86 is the mainland (spec 5's pattern); Hong Kong, Macao and Taiwan have their own codes
      const names = code === '86' ? mainland : (code === '1' ? ['US', 'CA'] : regions.slice(0, 1)).map((r) => regionName(r, lang)).join(' / ');
      return { value: code, label: `${names} +${code}` };
    });
    const rank = (c: string) => (first.includes(c) ? first.indexOf(c) : first.length);
    return all.sort((a, b) => rank(a.value) - rank(b.value) || a.label.localeCompare(b.label, lang === 'en' ? 'en' : 'zh-CN'));
  }, [lang, mainland]);
}

/** The player form (spec 2.4): read-only text ↔ editable form; leaving edit mode saves. */
export function MemberDetail({ activity, memberId, onSaved }: Props) {
  // a new player has no detail to fetch (and nothing to refetch after a save)
  const detail = useQuery({ ...memberQuery(memberId ?? 0), enabled: memberId !== null });
  if (memberId !== null && detail.isPending) return <Spin />;
  if (memberId !== null && !detail.data) return <Alert type="error" title={errorText(detail.error, '')} />;
  return (
    <MemberForm
      key={`${memberId ?? 'new'}-${detail.data?.headImg ?? ''}-${detail.data?.payStatus ?? ''}`}
      activity={activity}
      member={detail.data ?? null}
      onSaved={onSaved}
    />
  );
}

export function MemberForm({ activity, member, onSaved }: Omit<Props, 'memberId'> & { member: MemberItem | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const lock = useWriteLock();
  const [form] = Form.useForm<MemberFormValues>();
  const [editing, setEditing] = useState(member === null && !lock.locked);
  const saveMember = useMutation(saveMemberMutation);
  const submission = useMutation(submitMembersMutation);
  const uploading = useMutation(uploadMutation);
  const fail = useFailNotice();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [code, setCode] = useState('');
  const [cropFile, setCropFile] = useState<File | null>(null);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  // a new player copied from an earlier one (issue 24): its ID number stays on the server
  const [from, setFrom] = useState<HistoryItem | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [confirm, holder] = useConfirm();
  const fileInput = useRef<HTMLInputElement>(null);
  const cardType = Form.useWatch('cardType', form);
  const headImg = Form.useWatch('headImg', form);
  const teamId = Form.useWatch('teamId', form);
  const typedName = Form.useWatch('name', form);
  const programs = activity.programs ?? [];
  const regionOptions = useRegionOptions(lang);
  const clothes = useQuery(clothesQuery(activity.id));
  const locked = member ? isDetailsLocked(member.payStatus) : false;
  // the team select shows 30 teams and searches the server (spec 9); the player's own team stays listed
  const picker = useTeamPicker(activity.id, editing, [member?.team]);
  const teams = picker.teams;
  const planName = member?.plan?.name ?? teams.find((x) => x.id === teamId)?.plan?.name ?? activity.plans?.[0]?.name ?? '';
  const id = (f: string) => `member-${member?.id ?? 'new'}-${f}`;
  const err = (f: Field) => (problem?.fields[f] ? { validateStatus: 'error' as const, help: problem.fields[f] } : {});
  const badFields = Object.keys(problem?.fields ?? {}) as Field[];

  // an error belongs to its field: it goes when that field changes
  const onValuesChange = (changed: Partial<MemberFormValues>) => {
    setProblem((p) => {
      if (!p) return p;
      const fields = { ...p.fields };
      let touched = false;
      for (const k of Object.keys(changed) as Field[]) {
        if (fields[k]) {
          delete fields[k];
          touched = true;
        }
        // the birth date comes from the ID number or the passport date: either change answers a birth problem
        if ((k === 'card' || k === 'cardType') && fields.birthDay) {
          delete fields.birthDay;
          touched = true;
        }
      }
      if (!touched) return p;
      return Object.keys(fields).length || !Object.keys(p.fields).length ? { ...p, fields } : null;
    });
  };

  const save = () => {
    setProblem(null);
    const values = { ...emptyMember(), ...form.getFieldsValue(true) } as MemberFormValues;
    const check = checkMember(values, lang, from !== null);
    if (check) {
      const text = t(check.key, check.params);
      setProblem({ message: text, fields: { [check.field]: text } });
      return;
    }
    const payload = formToMember(values, activity.id);
    if (from) {
      payload.card = '';
      payload.fromMemberId = from.id;
    }
    saveMember.mutate(member ? { ...payload, id: member.id } : payload, {
      onSuccess: (res) => {
        notice.success(res.resultStr);
        setEditing(false);
        onSaved(res.data);
      },
      onError: (e) => {
        const message = errorText(e, t('registration:notice.serverBusy'));
        setProblem({ message, fields: isApiError(e) ? mapFieldErrors(e.fieldErrors ?? {}) : {} });
      },
    });
  };

  const chooseAvatar = (file: File | undefined) => {
    if (!file) return;
    const bad = checkAvatar(file, String(form.getFieldValue('name') ?? ''));
    if (bad) {
      notice.error(t(bad));
      return;
    }
    setCropFile(file);
  };
  const uploadCropped = (blob: Blob) => {
    const name = String(form.getFieldValue('name') ?? '');
    setCropFile(null);
    uploading.mutate(
      { file: blob, fileName: `${avatarUploadTag(name)}.jpg`, activityId: activity.id, phone: avatarUploadTag(name) },
      {
        onSuccess: (url) => {
          form.setFieldValue('headImg', url);
          notice.success(t('registration:notice.avatarOk'));
        },
        onError: (e) => void notice.error(errorText(e, t('registration:notice.uploadFailed'))),
      },
    );
  };

  const pickEarlier = (h: HistoryItem) => {
    const { teamId: _t, programId: _p, clothesId: _c, ...values } = historyToForm(h);
    form.setFieldsValue(values);
    setFrom(h);
    setProblem(null);
    setHistoryOpen(false);
    notice.success(t('registration:history.filled', { name: h.name }));
  };
  const typeAnother = () => {
    setFrom(null);
    form.setFieldValue('card', '');
  };

  const submit = async () => {
    if (!member || !(await confirm(t('registration:confirm.submit')))) return;
    submission.mutate([member.id], { onSuccess: (res) => void notice.success(res.resultStr), onError: fail });
  };

  const readView = member ? (
    <dl className={s.readView} aria-label={t('registration:readView.label', { name: member.name })}>
      <ReadItem label={t('registration:field.name')}>{member.name}</ReadItem>
      <ReadItem label={t('registration:field.team')}>{member.team?.name}</ReadItem>
      <ReadItem label={t('registration:field.program')}>{member.program?.name}</ReadItem>
      <ReadItem label={t('registration:field.plan')}>{planName || '—'}</ReadItem>
      <ReadItem label={t('registration:field.clothes')}>{member.clothes?.name}</ReadItem>
      <ReadItem label={t('registration:field.cardType')}>{member.cardType === 1 ? t('registration:idType.1') : t('registration:idType.0')}</ReadItem>
      <ReadItem label={t('registration:field.card')}>{member.card}</ReadItem>
      {member.cardType === 1 ? <ReadItem label={t('registration:field.birthDay')}>{member.birthDay}</ReadItem> : null}
      <ReadItem label={t('registration:field.emerName')}>{member.emerName}</ReadItem>
      <ReadItem label={t('registration:field.emerPhone')}>{member.emerPhone ? `+${member.region} ${member.emerPhone}` : ''}</ReadItem>
      <div className={s.full}>
        <dt>{t('registration:field.avatar')}</dt>
        <dd>
          {member.headImg ? (
            <img
              src={member.headImg}
              alt={t('registration:avatar.alt', { name: member.name })}
              className={s.avatarImg}
              width={90}
              height={126}
              onError={() => notice.error(t('registration:notice.imageFailed'))}
            />
          ) : (
            <span className={s.empty}>{t('registration:avatar.none')}</span>
          )}
        </dd>
      </div>
    </dl>
  ) : null;

  return (
    <div>
      {holder}
      <div className={s.toolbar}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{member ? member.name : t('registration:players.new')}</h2>
        {member ? <PayStatusTag status={member.payStatus} /> : null}
        {member ? <ConsentTag state={member.consent} /> : null}
        <span className={s.toolbarSpacer} />
        {editing && !member ? <WriteButton onClick={() => setHistoryOpen(true)}>{t('registration:history.open')}</WriteButton> : null}
        {editing ? (
          <Button type="primary" loading={saveMember.isPending} onClick={save}>
            {t('registration:actions.save')}
          </Button>
        ) : (
          <WriteButton onClick={() => setEditing(true)}>{t('registration:actions.edit')}</WriteButton>
        )}
        {editing && member ? (
          <Button
            onClick={() => {
              setProblem(null);
              setEditing(false);
            }}
          >
            {t('registration:actions.cancel')}
          </Button>
        ) : null}
        {member ? <Button onClick={() => setPreviewOpen(true)}>{t('registration:players.preview')}</Button> : null}
        {member && activity.reviewRequired && nextPayStatus(member.payStatus, 'submit') !== null ? (
          <WriteButton onClick={() => void submit()}>{t('registration:players.submit')}</WriteButton>
        ) : null}
        {member && isRegistered(member.payStatus) ? (
          <WriteButton lock="withdraw" danger onClick={() => setWithdrawOpen(true)}>
            {t('registration:players.withdraw')}
          </WriteButton>
        ) : null}
      </div>
      {member?.payStatus === PAY_STATUS.REVIEW_FAILED && member.reviewReason ? (
        <Alert type="warning" showIcon className={s.alert} title={t('registration:players.reviewReason', { reason: member.reviewReason })} />
      ) : null}
      {member && isRegistered(member.payStatus) ? <Alert type="success" showIcon className={s.alert} title={t('registration:notice.registered')} /> : null}
      {problem ? (
        <Alert
          type="error"
          showIcon
          className={s.alert}
          role="alert"
          title={
            badFields.length
              ? t('registration:formError.fields', { fields: badFields.map((f) => t(LABEL_KEYS[f])).join(t('registration:formError.separator')) })
              : problem.message
          }
          description={badFields.length ? problem.message : undefined}
        />
      ) : null}
      {!editing ? readView : null}
      {member && !editing ? <ConsentBlock member={member} /> : null}
      {editing ? (
        <Form<MemberFormValues>
          form={form}
          layout="vertical"
          initialValues={member ? memberToForm(member) : emptyMember()}
          onValuesChange={onValuesChange}
          className={s.formGrid}
        >
          <div className={s.full}>
            <ChildRulesNote />
          </div>
          <Form.Item name="name" label={t('registration:field.name')} htmlFor={id('name')} required {...err('name')}>
            <Input id={id('name')} maxLength={NAME_MAX} />
          </Form.Item>
          <Form.Item name="teamId" label={t('registration:field.team')} htmlFor={id('team')} {...err('teamId')}>
            <Select
              id={id('team')}
              allowClear
              showSearch={{ filterOption: false, onSearch: picker.onSearch }}
              placeholder={t('registration:placeholder.team')}
              options={picker.options}
              onChange={(v: number | undefined) => {
                const team = teams.find((x) => x.id === v);
                if (team) form.setFieldValue('programId', team.program.id);
              }}
            />
          </Form.Item>
          <Form.Item name="programId" label={t('registration:field.program')} htmlFor={id('program')} {...err('programId')}>
            <Select
              id={id('program')}
              allowClear
              disabled={locked}
              placeholder={t('registration:placeholder.select')}
              options={programs.map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <Form.Item label={t('registration:field.plan')}>
            <span className={s.plainValue}>{planName || '—'}</span>
          </Form.Item>
          <Form.Item name="clothesId" label={t('registration:field.clothes')} htmlFor={id('clothes')} {...err('clothesId')}>
            <Select
              id={id('clothes')}
              allowClear
              options={(clothes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              placeholder={t(clothes.data?.length ? 'registration:placeholder.select' : 'registration:placeholder.noClothes')}
            />
          </Form.Item>
          <Form.Item name="cardType" label={t('registration:field.cardType')}>
            <Radio.Group
              disabled={from !== null}
              aria-label={t('registration:field.cardType')}
              options={[
                { value: 0, label: t('registration:idType.0') },
                { value: 1, label: t('registration:idType.1') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="card"
            label={t('registration:field.card')}
            htmlFor={id('card')}
            required
            extra={
              from ? (
                <span>
                  {t('registration:history.cardKept')}{' '}
                  <Button type="link" size="small" onClick={typeAnother} style={{ padding: 0 }}>
                    {t('registration:history.typeAnother')}
                  </Button>
                </span>
              ) : undefined
            }
            {...err('card')}
          >
            <Input id={id('card')} maxLength={30} autoComplete="off" readOnly={from !== null} />
          </Form.Item>
          {cardType === 1 ? (
            <Form.Item name="birthDay" label={t('registration:field.birthDay')} htmlFor={id('birth')} required {...err('birthDay')}>
              <Input id={id('birth')} type="date" />
            </Form.Item>
          ) : null}
          <Form.Item name="emerName" label={t('registration:field.emerName')} htmlFor={id('emerName')} {...err('emerName')}>
            <Input id={id('emerName')} maxLength={NAME_MAX} />
          </Form.Item>
          <Form.Item name="region" label={t('registration:field.region')} htmlFor={id('region')} {...err('region')}>
            <Select
              id={id('region')}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('registration:placeholder.region')}
              options={regionOptions}
              popupMatchSelectWidth={false}
            />
          </Form.Item>
          <Form.Item name="emerPhone" label={t('registration:field.emerPhone')} htmlFor={id('emerPhone')} {...err('emerPhone')}>
            <Input id={id('emerPhone')} maxLength={20} inputMode="tel" autoComplete="off" />
          </Form.Item>
          <Form.Item name="headImg" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('registration:field.avatar')} className={s.full}>
            <div className={s.avatarBox}>
              {headImg ? (
                <img
                  src={headImg}
                  alt={t('registration:avatar.alt', { name: member?.name ?? typedName ?? '' })}
                  className={s.avatarImg}
                  width={90}
                  height={126}
                  onError={() => notice.error(t('registration:notice.imageFailed'))}
                />
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
                {activity.avatarReferenceImage ? (
                  <figure className={s.reference}>
                    <img src="/images/avatar-reference.svg" alt={t('registration:avatar.referenceAlt')} width={72} height={101} />
                    <figcaption className={s.muted}>
                      <strong>{t('registration:avatar.referenceTitle')}</strong>
                      <br />
                      {t('registration:avatar.reference')}
                    </figcaption>
                  </figure>
                ) : null}
              </div>
            </div>
          </Form.Item>
        </Form>
      ) : null}
      {member ? (
        <Form layout="vertical">
          <Form.Item label={t('registration:field.code')} htmlFor={id('code')} extra={member.code ? member.code : undefined}>
            <CodeField
              inputId={id('code')}
              member={member}
              activityId={activity.id}
              value={code}
              onChange={setCode}
              disabled={codeLocked(member, activity.level)}
              onRedeemed={(m) => {
                setCode('');
                onSaved(m);
              }}
              onFailed={() => setEditing(false)}
            />
          </Form.Item>
        </Form>
      ) : null}
      <AvatarCrop file={cropFile} onDone={uploadCropped} onCancel={() => setCropFile(null)} />
      {member ? null : <EarlierPlayersDialog activityId={activity.id} open={historyOpen} onClose={() => setHistoryOpen(false)} onPick={pickEarlier} />}
      {member ? <WithdrawDialog open={withdrawOpen} member={member} onClose={() => setWithdrawOpen(false)} /> : null}
      {member ? (
        <Modal open={previewOpen} title={t('registration:dialog.preview')} footer={null} onCancel={() => setPreviewOpen(false)}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('registration:field.name')}>{member.name}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.team')}>{member.team?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.program')}>{member.program?.name ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('registration:field.cardType')}>
              {member.cardType === 1 ? t('registration:idType.1') : t('registration:idType.0')}
            </Descriptions.Item>
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

function WithdrawDialog({ open, member, onClose }: { open: boolean; member: MemberItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<2 | 3 | null>(null);
  const [note, setNote] = useState('');
  const request = useMutation(withdrawMutation);
  const fail = useFailNotice();
  const busy = request.isPending;
  const ok = () => {
    if (type === null) {
      notice.error(t('registration:check.selectWithdrawType'));
      return;
    }
    request.mutate(
      { name: note.trim(), type, teamMember: { id: member.id } },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          onClose();
        },
        onError: fail,
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.withdraw')}
      onOk={ok}
      confirmLoading={busy}
      onCancel={onClose}
      okText={t('registration:actions.submit')}
      cancelText={t('registration:actions.cancel')}
    >
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
        <Input.TextArea
          aria-label={t('registration:dialog.withdrawReason')}
          placeholder={t('registration:dialog.withdrawReason')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={200}
        />
      </Space>
    </Modal>
  );
}
