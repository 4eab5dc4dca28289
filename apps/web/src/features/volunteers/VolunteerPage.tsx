import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Radio, Skeleton, Tag, Upload } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { antdFieldErrors, splitServerError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { applyVolunteer, fetchVolunteerPage, myVolunteering, uploadResume, volunteerKeys, type VolunteerApplyBody } from './api';
import { isMinor, VOLUNTEER_STATE_COLORS, VOLUNTEER_STATE_KEYS } from './model';
import s from './volunteers.module.css';

type Values = Omit<VolunteerApplyBody, 'activityId'>;
const PHONE = /^1[3-9]\d{9}$/;

/**
 * /volunteer_pc?id= (spec 2.1; issue 12): the activity's volunteer positions and the application — contact,
 * birth date, availability, experience, a resume checked by content; a minor adds a guardian who consents.
 * Once applied, the page shows the application's state (spec 4.3).
 */
export default function VolunteerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const activityId = Number(params.get('id'));
  const valid = Number.isInteger(activityId) && activityId > 0;
  const page = useQuery({ queryKey: volunteerKeys.page(activityId), queryFn: () => fetchVolunteerPage(activityId), enabled: valid });

  return (
    <section className={s.page} aria-labelledby="volunteer-title">
      <h1 id="volunteer-title" className={s.title}>
        {t('people:volunteer.title')}
      </h1>
      {!valid ? <Alert type="warning" showIcon title={t('people:volunteer.noActivity')} /> : null}
      {page.isPending && valid ? <Skeleton active /> : null}
      {page.isError ? <Alert type="error" showIcon title={errorMessage(page.error, t('people:loadFailed'))} /> : null}
      {page.data ? (
        <>
          <p className={s.lead}>{t('people:volunteer.lead', { activity: page.data.activityName })}</p>
          {page.data.mine ? (
            <Card className={s.card}>
              <h2 className={s.subTitle}>{t('people:volunteer.yours')}</h2>
              <p>
                <Tag color={VOLUNTEER_STATE_COLORS[page.data.mine.status]}>{t(VOLUNTEER_STATE_KEYS[page.data.mine.status])}</Tag>
                {page.data.mine.positionName}
                {page.data.mine.groupName ? ` · ${page.data.mine.groupName}` : ''}
              </p>
              <p className={s.muted}>{t('people:volunteer.stateHint')}</p>
            </Card>
          ) : !page.data.open ? (
            <Alert type="info" showIcon title={t('people:volunteer.closed')} />
          ) : page.data.positions.length === 0 ? (
            <Empty description={t('people:volunteer.noPositions')} />
          ) : (
            <ApplyForm activityId={activityId} positions={page.data.positions} />
          )}
        </>
      ) : null}
    </section>
  );
}

function ApplyForm({
  activityId,
  positions,
}: {
  activityId: number;
  positions: { id: number; name: string; description: string; quota: number; taken: number }[];
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const birthDate = Form.useWatch('birthDate', form);
  const minor = isMinor(birthDate);
  const [banner, setBanner] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [resumeName, setResumeName] = useState<string | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (v: Values) => applyVolunteer({ ...v, activityId }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: volunteerKeys.page(activityId) }),
    onError: (e) => {
      const split = splitServerError(e);
      const { resume, ...fields } = split.fields;
      form.setFields(antdFieldErrors(fields) as never);
      if (resume) setResumeError(resume);
      setBanner(split.banner);
    },
  });
  const required = { required: true, whitespace: true, message: t('people:form.required') };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={s.form}
      initialValues={{ guardianConsent: false, experience: '', email: '', resume: '', guardianName: '', guardianPhone: '' }}
      onValuesChange={() => setBanner(null)}
      onFinish={(v) => send.mutate(v)}
      scrollToFirstError
    >
      <Form.Item name="positionId" label={t('people:volunteer.position')} rules={[{ required: true, message: t('people:volunteer.pickPosition') }]}>
        <Radio.Group className={s.positions}>
          {positions.map((p) => (
            <Radio key={p.id} value={p.id} className={s.position}>
              <strong>{p.name}</strong>
              {p.quota ? <span className={s.muted}> · {t('people:volunteer.places', { taken: p.taken, quota: p.quota })}</span> : null}
              {p.description ? <span className={s.desc}>{p.description}</span> : null}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="name" label={t('people:form.name')} rules={[required, { max: 50 }]}>
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('people:form.phone')} rules={[{ required: true, pattern: PHONE, message: t('people:form.phoneInvalid') }]}>
        <Input maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('people:form.email')} rules={[{ type: 'email', message: t('people:form.emailInvalid') }]}>
        <Input maxLength={100} autoComplete="email" />
      </Form.Item>
      <Form.Item
        name="birthDate"
        label={t('people:form.birthDate')}
        rules={[{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('people:form.birthDateInvalid') }]}
      >
        <Input type="date" max={new Date().toISOString().slice(0, 10)} />
      </Form.Item>
      <Form.Item name="availability" label={t('people:volunteer.availability')} rules={[required, { max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('people:volunteer.availabilityHint')} />
      </Form.Item>
      <Form.Item name="experience" label={t('people:volunteer.experience')} rules={[{ max: 2000 }]}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item name="resume" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        label={t('people:volunteer.resume')}
        extra={t('people:volunteer.resumeHint')}
        validateStatus={resumeError ? 'error' : undefined}
        help={resumeError ?? undefined}
      >
        <Upload
          accept=".jpg,.jpeg,.png,.doc,.docx"
          maxCount={1}
          showUploadList={false}
          customRequest={({ file }) => {
            const phone = String(form.getFieldValue('phone') ?? '');
            if (!PHONE.test(phone)) {
              form.setFields([{ name: 'phone', errors: [t('people:volunteer.phoneFirst')] }]);
              return;
            }
            setUploading(true);
            uploadResume(file as File, phone)
              .then((url) => {
                form.setFieldValue('resume', url);
                setResumeError(null);
                setResumeName((file as File).name);
              })
              .catch((e: unknown) => setResumeError(errorMessage(e, t('people:volunteer.uploadFailed'))))
              .finally(() => setUploading(false));
          }}
        >
          <Button loading={uploading}>{resumeName ? t('people:volunteer.replaceResume') : t('people:volunteer.uploadResume')}</Button>
        </Upload>
      </Form.Item>
      {resumeName ? <p className={s.muted}>{t('people:volunteer.uploaded', { name: resumeName })}</p> : null}
      {minor ? (
        <fieldset className={s.guardian}>
          <legend>{t('people:volunteer.guardian')}</legend>
          <p className={s.muted}>{t('people:volunteer.guardianLead')}</p>
          <Form.Item name="guardianName" label={t('people:volunteer.guardianName')} rules={[required, { max: 50 }]}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="guardianPhone"
            label={t('people:volunteer.guardianPhone')}
            rules={[{ required: true, pattern: PHONE, message: t('people:form.phoneInvalid') }]}
          >
            <Input maxLength={11} inputMode="tel" />
          </Form.Item>
          <Form.Item
            name="guardianConsent"
            valuePropName="checked"
            rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('people:volunteer.consentNeeded')))) }]}
          >
            <Checkbox>{t('people:volunteer.consent')}</Checkbox>
          </Form.Item>
        </fieldset>
      ) : null}
      {banner ? <Alert type="error" showIcon title={banner} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" htmlType="submit" loading={send.isPending} size="large">
        {t('people:volunteer.submit')}
      </Button>
    </Form>
  );
}

/** User center → Volunteering: every application with its state. */
export function MyVolunteering() {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useQuery({ queryKey: volunteerKeys.mine(), queryFn: myVolunteering });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, t('people:loadFailed'))} />;
  return (
    <section aria-labelledby="my-volunteering-title">
      <h2 id="my-volunteering-title" className={s.subTitle}>
        {t('people:volunteer.mine')}
      </h2>
      {q.data.length === 0 ? <Empty description={t('people:volunteer.none')} /> : null}
      <ul className={s.list}>
        {q.data.map((v) => (
          <li key={v.id} className={s.card}>
            <strong>{v.activityName}</strong>
            <span>
              <Tag color={VOLUNTEER_STATE_COLORS[v.status]}>{t(VOLUNTEER_STATE_KEYS[v.status])}</Tag>
              {v.positionName}
              {v.groupName ? ` · ${v.groupName}` : ''}
            </span>
            <span className={s.muted}>{t('people:volunteer.appliedAt', { time: formatDateTime(v.createdAt, lang) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
