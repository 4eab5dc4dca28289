import { Alert, Button, Card, Empty, Form, Input, Modal, Spin } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAX, CHANNEL_CODE_MAX, NAME_MAX } from '@rp/shared/limits';
import { PHONE_RE } from '@rp/shared/rules/phone';
import type { ActivityItem } from '../../lib/contract';
import { isApiError } from '../../lib/api-client';
import { LangPart, langPart } from '../../lib/lang-parts';
import { useLang } from '../../lib/use-lang';
import { deleteLeadersMutation, leadersQuery, saveLeaderMutation, uploadMutation, type LeaderItem } from './api';
import { errorText, notice, ReadItem, useConfirm, useFailNotice } from './common';
import { leaderReviewKey } from './review-labels';
import { WriteButton } from './lock';
import { checkAttachment, idCardKey } from './model';
import s from './registration.module.css';

interface Values {
  name: string;
  phone: string;
  address: string;
  code: string;
  /** a new ID number; left empty the stored one (shown masked) stays */
  card?: string;
}

/** Leading teachers (spec 2.6): list (100 a page), detail form with delete/edit/close, add dialog. */
export function TeachersPanel({ activity }: { activity: ActivityItem }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery(leadersQuery(activity.id));
  const current = list.data?.content.find((l) => l.id === selected);

  return (
    <div>
      <div className={s.toolbar}>
        <WriteButton type="primary" onClick={() => setAdding(true)}>
          {t('registration:teachers.add')}
        </WriteButton>
      </div>
      <div className={s.split}>
        <Card size="small" title={<span id="teachers-list">{t('registration:teachers.title')}</span>}>
          {list.isPending ? (
            <Spin />
          ) : list.data?.content.length ? (
            <ul aria-labelledby="teachers-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {list.data.content.map((l) => (
                <li key={l.id}>
                  <button type="button" className={s.listItem} aria-current={selected === l.id} onClick={() => setSelected(l.id)}>
                    <span>
                      <LangPart text={l.name} />
                    </span>
                    <span className={s.muted}>{l.phone}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('registration:teachers.empty')} />
          )}
        </Card>
        <Card>
          {current ? (
            <TeacherForm key={current.id} activity={activity} leader={current} onClose={() => setSelected(null)} />
          ) : (
            <Empty description={t('registration:teachers.select')} />
          )}
        </Card>
      </div>
      <AddTeacherDialog open={adding} activity={activity} onClose={() => setAdding(false)} onDone={(l) => setSelected(l.id)} />
    </div>
  );
}

function TeacherForm({ activity, leader, onClose }: { activity: ActivityItem; leader: LeaderItem; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const saveLeader = useMutation(saveLeaderMutation);
  const removal = useMutation(deleteLeadersMutation);
  const uploading = useMutation(uploadMutation);
  const fail = useFailNotice();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [photoUrl, setPhotoUrl] = useState(leader.photoUrl);
  const [confirm, holder] = useConfirm();
  const file = useRef<HTMLInputElement>(null);
  const id = (f: string) => `leader-${leader.id}-${f}`;

  const save = () => {
    setError(null);
    const v = form.getFieldsValue(true) as Values;
    if (!PHONE_RE.test(v.phone.trim())) {
      form.setFields([{ name: 'phone', errors: [t('registration:check.phoneInvalid')] }]);
      return;
    }
    const cardKey = v.card?.trim() ? idCardKey(v.card.trim()) : null;
    if (cardKey) {
      form.setFields([{ name: 'card', errors: [t(cardKey)] }]);
      return;
    }
    saveLeader.mutate(
      {
        id: leader.id,
        activityId: activity.id,
        name: v.name.trim(),
        phone: v.phone.trim(),
        address: v.address.trim(),
        code: v.code.trim() || null,
        ...(v.card?.trim() ? { card: v.card.trim() } : {}),
        photoUrl,
        status: leader.status,
        type: leader.type,
      },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          form.setFieldValue('card', '');
          setEditing(false);
        },
        onError: (e) => {
          if (isApiError(e) && e.fieldErrors.card) form.setFields([{ name: 'card', errors: [e.fieldErrors.card] }]);
          // spec 8.2: 'please re-confirm the information' on a failed update (the server sends that text)
          const base = t('registration:notice.teacherUpdateFailed');
          const msg = errorText(e, base);
          setError(msg === base ? base : `${base}: ${msg}`);
        },
      },
    );
  };

  const remove = async () => {
    if (!(await confirm(t('registration:confirm.deleteTeacher')))) return;
    removal.mutate([leader.id], {
      onSuccess: (res) => {
        notice.success(res.resultStr);
        onClose();
      },
      onError: fail,
    });
  };

  const attach = (f: File | undefined) => {
    if (!f) return;
    const phone = String(form.getFieldValue('phone') ?? '');
    const problem = checkAttachment(f, phone);
    if (problem) {
      notice.error(t(problem));
      return;
    }
    uploading.mutate(
      { file: f, fileName: f.name, activityId: activity.id, phone: phone.trim(), kind: 'attachment' },
      {
        onSuccess: (url) => {
          setPhotoUrl(url);
          notice.success(t('registration:notice.avatarOk'));
        },
        onError: (e) => void notice.error(errorText(e, t('registration:notice.uploadFailed'))),
      },
    );
  };

  return (
    <div>
      {holder}
      <div className={s.toolbar}>
        <h2 style={{ margin: 0, fontSize: 18 }}>
          <LangPart text={leader.name} />
        </h2>
        <span className={s.toolbarSpacer} />
        {editing ? (
          <Button type="primary" loading={saveLeader.isPending} onClick={save}>
            {t('registration:actions.save')}
          </Button>
        ) : (
          <WriteButton onClick={() => setEditing(true)}>{t('registration:actions.edit')}</WriteButton>
        )}
        <WriteButton danger onClick={() => void remove()}>
          {t('registration:actions.delete')}
        </WriteButton>
        <Button onClick={onClose}>{t('registration:actions.close')}</Button>
      </div>
      {error ? <Alert type="error" showIcon role="alert" className={s.alert} title={error} /> : null}
      {!editing ? (
        <dl className={s.readView} aria-label={t('registration:readView.label', { name: leader.name })}>
          <ReadItem label={t('registration:field.teacherName')}>{langPart(leader.name, lang)}</ReadItem>
          <ReadItem label={t('registration:field.phone')}>{leader.phone}</ReadItem>
          <ReadItem label={t('registration:field.teacherAddress')}>{langPart(leader.address, lang)}</ReadItem>
          <ReadItem label={t('registration:field.teacherCode')}>{leader.code}</ReadItem>
          {/* spec 3 labels: the ID number (masked by the server), the review status and its reason */}
          <ReadItem label={t('registration:field.leaderCard')}>{leader.card}</ReadItem>
          <ReadItem label={t('registration:field.leaderReview')}>{t(leaderReviewKey(leader.reviewStatus))}</ReadItem>
          {leader.reviewReason ? <ReadItem label={t('registration:field.leaderReviewReason')}>{langPart(leader.reviewReason, lang)}</ReadItem> : null}
          <ReadItem label={t('registration:field.attachment')}>
            {photoUrl ? (
              <a href={photoUrl} target="_blank" rel="noreferrer">
                {photoUrl.split('/').pop()}
              </a>
            ) : null}
          </ReadItem>
        </dl>
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        style={editing ? undefined : { display: 'none' }}
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}
        initialValues={{ name: leader.name, phone: leader.phone, address: leader.address, code: leader.code ?? '' }}
        className={s.formGrid}
      >
        <Form.Item name="name" label={t('registration:field.teacherName')} htmlFor={id('name')} required>
          <Input id={id('name')} maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="phone" label={t('registration:field.phone')} htmlFor={id('phone')} required>
          <Input id={id('phone')} maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="address" label={t('registration:field.teacherAddress')} htmlFor={id('address')}>
          <Input id={id('address')} maxLength={ADDRESS_MAX} />
        </Form.Item>
        <Form.Item name="code" label={t('registration:field.teacherCode')} htmlFor={id('code')}>
          <Input id={id('code')} maxLength={CHANNEL_CODE_MAX} />
        </Form.Item>
        <Form.Item name="card" label={t('registration:field.leaderCard')} htmlFor={id('card')}>
          <Input id={id('card')} maxLength={18} placeholder={leader.card ?? undefined} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('registration:field.attachment')} extra={t('registration:teachers.attachmentHint')} className={s.full}>
          <input
            ref={file}
            type="file"
            style={{ display: 'none' }}
            accept=".jpg,.jpeg,.png,.doc,.docx"
            aria-label={t('registration:actions.uploadAttachment')}
            onChange={(e) => {
              attach(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button onClick={() => file.current?.click()}>{t('registration:actions.uploadAttachment')}</Button>{' '}
          {photoUrl ? (
            <a href={photoUrl} target="_blank" rel="noreferrer">
              {photoUrl.split('/').pop()}
            </a>
          ) : null}
        </Form.Item>
      </Form>
    </div>
  );
}

function AddTeacherDialog({
  open,
  activity,
  onClose,
  onDone,
}: {
  open: boolean;
  activity: ActivityItem;
  onClose: () => void;
  onDone: (l: LeaderItem) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Omit<Values, 'code'>>();
  const [error, setError] = useState<string | null>(null);
  const create = useMutation(saveLeaderMutation);
  const ok = () => {
    setError(null);
    const v = { phone: '', name: '', address: '', ...form.getFieldsValue(true) } as Omit<Values, 'code'>;
    if (!PHONE_RE.test(v.phone.trim())) {
      form.setFields([{ name: 'phone', errors: [t('registration:check.phoneInvalid')] }]);
      return;
    }
    if (!v.name.trim()) {
      form.setFields([{ name: 'name', errors: [t('registration:check.completeData')] }]);
      return;
    }
    // the ID number is optional; typed, it is checked like a player's (format, then the check digit)
    const card = v.card?.trim() ?? '';
    const cardKey = card ? idCardKey(card) : null;
    if (cardKey) {
      form.setFields([{ name: 'card', errors: [t(cardKey)] }]);
      return;
    }
    create.mutate(
      {
        activityId: activity.id,
        name: v.name.trim(),
        phone: v.phone.trim(),
        address: v.address.trim(),
        ...(card ? { card } : {}),
        status: 1,
        type: 1,
      },
      {
        onSuccess: (res) => {
          notice.success(res.resultStr);
          form.resetFields();
          onClose();
          onDone(res.data);
        },
        onError: (e) => {
          setError(errorText(e, t('registration:notice.serverBusy')));
          if (isApiError(e) && e.fieldErrors.card) form.setFields([{ name: 'card', errors: [e.fieldErrors.card] }]);
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title={t('registration:dialog.addTeacher')}
      onOk={ok}
      confirmLoading={create.isPending}
      onCancel={onClose}
      okText={t('registration:actions.add')}
      cancelText={t('registration:actions.cancel')}
      forceRender
    >
      {error ? <Alert type="error" showIcon role="alert" className={s.alert} title={error} /> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ phone: '', name: '', address: '', card: '' }}
        onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as Exclude<keyof Values, 'code'>, errors: [] })))}
      >
        <Form.Item name="phone" label={t('registration:field.phone')} htmlFor="add-leader-phone" required>
          <Input id="add-leader-phone" maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="name" label={t('registration:field.teacherName')} htmlFor="add-leader-name" required>
          <Input id="add-leader-name" maxLength={NAME_MAX} />
        </Form.Item>
        <Form.Item name="address" label={t('registration:field.teacherAddress')} htmlFor="add-leader-address">
          <Input id="add-leader-address" maxLength={ADDRESS_MAX} />
        </Form.Item>
        <Form.Item name="card" label={t('registration:field.leaderCard')} htmlFor="add-leader-card">
          <Input id="add-leader-card" maxLength={18} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
