import { useEffect, useState, type CSSProperties, type MouseEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link } from '../../../lib/link';
import { Alert, App, Button, Card, Checkbox, Empty, Input, InputNumber, Modal, Segmented, Select, Space, Table, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { resourceRowQuery } from '../../resources/api';
import { ActivityPicker, useActivityParam } from './ActivityPicker';
import { AWARD_KINDS, awardKeys, awardsApi, templateQuery, type AwardKind, type TemplateField } from './awards-api';
import { ALIGN_KEYS, FIELD_KEYS, FIELD_LABEL_KEYS, KIND_KEYS, NUM_KEYS, REQUIRED, starterFields, type FieldKey } from './template-model';
import adminStyles from '../../admin.module.css';
import s from './awards.module.css';

type Field = Required<TemplateField>;
const withDefaults = (f: TemplateField): Field => ({ color: '#1f2937', align: 'center', lang: 'zh', bold: false, ...f }) as Field;

/**
 * Certificate templates (issue 13; spec 7.7, spec 9 "an award picture"): per activity and kind of certificate, a
 * background picture and where each field goes. Click the picture to put the selected field there (or type its
 * position); the preview draws the template with sample data on the server, exactly as certificates will be.
 */
export default function TemplatesAdminPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [activityId, setActivityId] = useActivityParam(params, setParams);
  const [kind, setKind] = useState<AwardKind>('team');
  const template = useQuery({ ...templateQuery(activityId ?? 0, kind), enabled: activityId !== null });
  const activity = useQuery({ ...resourceRowQuery('activities', activityId ?? 0), enabled: activityId !== null });
  const [background, setBackground] = useState<{ key: string; url: string; width: number; height: number } | null>(null);
  const [fields, setFields] = useState<Field[]>([]);
  const [selected, setSelected] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const fail = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));

  // the saved template becomes the working copy whenever another one is opened
  useEffect(() => {
    const d = template.data;
    if (!d) return;
    setBackground(d.background && d.backgroundUrl ? { key: d.background, url: d.backgroundUrl, width: d.width, height: d.height } : null);
    setFields(d.fields.map(withDefaults));
    setSelected(0);
  }, [template.data]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = useMutation({
    mutationFn: (file: File) => awardsApi.uploadBackground(file),
    onSuccess: (bg) => {
      setBackground(bg);
      // a first background starts from a suggested layout of the kind's fields
      if (!fields.length) setFields(starterFields(kind, bg.width, bg.height).map(withDefaults));
    },
    onError: fail,
  });
  const body = () => ({ activityId: activityId!, kind, background: background?.key ?? null, fields });
  const save = useMutation({
    mutationFn: () => awardsApi.saveTemplate(body()),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      void qc.invalidateQueries({ queryKey: awardKeys.template(activityId!, kind) });
    },
    onError: fail,
  });
  const draw = useMutation({
    mutationFn: () => awardsApi.preview(body()),
    onSuccess: (blob) => setPreview(URL.createObjectURL(blob)),
    onError: fail,
  });

  const patch = (i: number, p: Partial<Field>) => setFields((all) => all.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const place = (e: MouseEvent<HTMLDivElement>) => {
    if (!background || !fields[selected]) return;
    const box = e.currentTarget.getBoundingClientRect();
    const x = Math.round(((e.clientX - box.left) / box.width) * background.width);
    const y = Math.round(((e.clientY - box.top) / box.height) * background.height);
    patch(selected, { x, y });
  };
  const missing = REQUIRED[kind].filter((k) => !fields.some((f) => f.key === k));
  const label = (k: FieldKey) => t(FIELD_LABEL_KEYS[k]);
  const markerStyle = (f: Field): CSSProperties => {
    if (!background) return {};
    const left = `${(f.x / background.width) * 100}%`;
    const top = `${(f.y / background.height) * 100}%`;
    if (f.key === 'qr' || f.key === 'photo')
      return {
        left,
        top,
        width: `${(f.size / background.width) * 100}%`,
        height: `${((f.key === 'photo' ? (f.size * 7) / 5 : f.size) / background.height) * 100}%`,
      };
    const shift = f.align === 'center' ? '-50%' : f.align === 'right' ? '-100%' : '0';
    return { left, top, transform: `translate(${shift}, -100%)` };
  };

  return (
    <section>
      <Typography.Title level={2} className={adminStyles.pageTitle}>
        {t('admin:awardsAdmin.templatesTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:awardsAdmin.templatesIntro')}</Typography.Paragraph>
      <div className={s.toolbar}>
        <ActivityPicker value={activityId} onChange={setActivityId} />
        <Segmented<AwardKind>
          aria-label={t('admin:awardsAdmin.kind')}
          value={kind}
          onChange={setKind}
          options={AWARD_KINDS.map((k) => ({ value: k, label: t(KIND_KEYS[k]) }))}
        />
      </div>
      {activityId === null ? (
        <Empty description={t('admin:awardsAdmin.pickActivity')} />
      ) : (
        <>
          {activity.data ? (
            <Alert
              className={s.card}
              type={activity.data.awardPicture ? 'success' : 'info'}
              showIcon
              title={activity.data.awardPicture ? t('admin:awardsAdmin.switchOn') : t('admin:awardsAdmin.switchOff')}
              action={
                <Link to={`/admin/r/activities/${activityId}`} className={s.link}>
                  {t('admin:awardsAdmin.switchEdit')}
                </Link>
              }
            />
          ) : null}
          <div className={s.editor}>
            <Card size="small" title={t('admin:awardsAdmin.background')} className={s.card}>
              <Space wrap className={s.toolbar}>
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    upload.mutate(file);
                    return false;
                  }}
                >
                  <Button loading={upload.isPending}>{background ? t('admin:awardsAdmin.replaceBackground') : t('admin:awardsAdmin.uploadBackground')}</Button>
                </Upload>
                {background ? (
                  <Typography.Text type="secondary">
                    {background.width} × {background.height}
                  </Typography.Text>
                ) : null}
              </Space>
              {background ? (
                <>
                  <Typography.Paragraph type="secondary">
                    {fields[selected] ? t('admin:awardsAdmin.clickToPlace', { field: label(fields[selected].key) }) : t('admin:awardsAdmin.addFieldFirst')}
                  </Typography.Paragraph>
                  {/* a pointer shortcut: every position can also be typed in the table */}
                  <div className={s.canvas} onClick={place} role="presentation" data-testid="template-canvas">
                    <img src={background.url} alt={t('admin:awardsAdmin.background')} className={s.canvasImage} draggable={false} />
                    {fields.map((f, i) => (
                      <span
                        key={i}
                        className={`${s.marker} ${f.key === 'qr' || f.key === 'photo' ? s.markerBox : ''} ${i === selected ? s.markerOn : ''}`}
                        style={markerStyle(f)}
                        aria-hidden="true"
                      >
                        {label(f.key)}
                      </span>
                    ))}
                  </div>
                </>
              ) : (
                <Empty description={t('admin:awardsAdmin.noBackground')} />
              )}
            </Card>
            <Card
              size="small"
              title={t('admin:awardsAdmin.fields')}
              className={s.card}
              extra={
                <Button size="small" onClick={() => setFields((all) => [...all, withDefaults({ key: 'name', x: 100, y: 100, size: 40 })])}>
                  {t('admin:awardsAdmin.addField')}
                </Button>
              }
            >
              {missing.length ? (
                <Alert
                  type="warning"
                  showIcon
                  className={s.card}
                  title={t('admin:awardsAdmin.missing', { fields: missing.map(label).join(t('admin:awardsAdmin.listSep')) })}
                />
              ) : null}
              <Table<Field>
                rowKey={(_, i) => String(i)}
                size="small"
                dataSource={fields}
                pagination={false}
                scroll={{ x: true }}
                rowClassName={(_, i) => (i === selected ? (s.rowOn ?? '') : '')}
                onRow={(_, i) => ({ onClick: () => setSelected(i ?? 0) })}
                locale={{ emptyText: t('admin:awardsAdmin.noFields') }}
                columns={[
                  {
                    title: t('admin:awardsAdmin.fieldKey'),
                    key: 'key',
                    render: (_, f, i) => (
                      <Select<FieldKey>
                        aria-label={t('admin:awardsAdmin.fieldKey')}
                        className={s.fieldKey}
                        value={f.key}
                        onChange={(v) => patch(i, { key: v })}
                        options={FIELD_KEYS.map((k) => ({ value: k, label: label(k) }))}
                      />
                    ),
                  },
                  ...(['x', 'y', 'size'] as const).map((k) => ({
                    title: t(NUM_KEYS[k]),
                    key: k,
                    render: (_: unknown, f: Field, i: number) => (
                      <InputNumber
                        aria-label={t(NUM_KEYS[k])}
                        className={s.num}
                        min={k === 'size' ? 8 : 0}
                        max={k === 'size' ? 1200 : 4000}
                        precision={0}
                        value={f[k]}
                        onChange={(v) => typeof v === 'number' && patch(i, { [k]: v })}
                      />
                    ),
                  })),
                  {
                    title: t('admin:awardsAdmin.style'),
                    key: 'style',
                    render: (_, f, i) =>
                      f.key === 'qr' || f.key === 'photo' ? null : (
                        <Space size={4} wrap>
                          <Input
                            type="color"
                            aria-label={t('admin:awardsAdmin.color')}
                            className={s.color}
                            value={f.color}
                            onChange={(e) => patch(i, { color: e.target.value })}
                          />
                          <Select
                            aria-label={t('admin:awardsAdmin.align')}
                            value={f.align}
                            onChange={(v) => patch(i, { align: v })}
                            options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(ALIGN_KEYS[a]) }))}
                          />
                          <Select
                            aria-label={t('admin:awardsAdmin.lang')}
                            value={f.lang}
                            onChange={(v) => patch(i, { lang: v })}
                            options={[
                              { value: 'zh', label: t('common:lang.zh') },
                              { value: 'en', label: t('common:lang.en') },
                            ]}
                          />
                          <Checkbox checked={f.bold} onChange={(e) => patch(i, { bold: e.target.checked })}>
                            {t('admin:awardsAdmin.bold')}
                          </Checkbox>
                        </Space>
                      ),
                  },
                  {
                    title: t('admin:resource.actions'),
                    key: 'actions',
                    render: (_, f, i) => (
                      <Button
                        size="small"
                        danger
                        aria-label={t('admin:awardsAdmin.removeField', { field: label(f.key) })}
                        onClick={(e) => {
                          e.stopPropagation();
                          setFields((all) => all.filter((_, j) => j !== i));
                          setSelected(0);
                        }}
                      >
                        {t('admin:awardsAdmin.remove')}
                      </Button>
                    ),
                  },
                ]}
              />
              <Space wrap className={s.actions}>
                <Button onClick={() => draw.mutate()} loading={draw.isPending} disabled={!background}>
                  {t('admin:awardsAdmin.preview')}
                </Button>
                <Button type="primary" onClick={() => save.mutate()} loading={save.isPending}>
                  {t('admin:awardsAdmin.saveTemplate')}
                </Button>
              </Space>
            </Card>
          </div>
        </>
      )}
      <Modal open={!!preview} onCancel={() => setPreview(null)} footer={null} width="min(96vw, 1100px)" title={t('admin:awardsAdmin.preview')}>
        {preview ? <img src={preview} alt={t('admin:awardsAdmin.previewAlt')} className={s.previewImage} /> : null}
      </Modal>
    </section>
  );
}
