import { lazy, Suspense, useEffect } from 'react';
import { App, Button, Col, DatePicker, Form, Image, Input, InputNumber, Row as GridRow, Select, Skeleton, Space, Switch, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { AccountSelect } from '../AccountSelect';
import { uploadMutation } from './api';
import { useEnumOptions, useRefOptions } from './cells';
import { fenToYuan, formatPercent, formatYuan, percentToPerMille, perMilleToPercent, yuanToFen } from '@rp/shared/resources/display';
import { datetimeValue, fieldLabelKey, isEndField, isRequired, wireNamesOf } from './model';
import { ADMIN_DATETIME_FORMAT } from './cells';
import type { FieldDef, ResourceDef } from './registry';
import s from '../admin.module.css';

/** What an uploaded or stored file looks like next to its field: a picture or a file name. */
export interface Preview {
  url?: string | null;
  fileName?: string | null;
}

export interface FieldItemsProps {
  def: ResourceDef;
  field: FieldDef;
  previews: Record<string, Preview>;
  setPreview: (name: string, preview: Preview | null) => void;
  disabled?: boolean;
}

const TEXT_KINDS = new Set(['text', 'textarea', 'richText', 'image', 'file']);

/** Number fields that hold an account id: staff pick the account by phone or nickname instead. */
const ACCOUNT_FIELDS = new Set(['redeemCodes.ownerUserId']);

/** Tiptap and ProseMirror in their own chunk: fetched only when a form with rich text opens. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/** The Form.Item(s) of one field: one, or zh and en side by side (rich text: one under the other). */
export function FieldItems({ def, field, previews, setPreview, disabled }: FieldItemsProps) {
  const { t } = useTranslation();
  const label = t(fieldLabelKey(def, field));
  const names = wireNamesOf(field);
  const parent = field.dependsOn ? def.fields.find((f) => f.name === field.dependsOn) : undefined;

  const item = (name: string, itemLabel: string) => (
    <Form.Item
      key={name}
      name={name}
      label={itemLabel}
      rules={rulesOf(field, name, t)}
      // a date-time says its format and what a date alone means (issue 24)
      extra={field.kind === 'datetime' ? t(isEndField(field) ? 'admin:form.datetimeEndHelp' : 'admin:form.datetimeHelp') : undefined}
      {...itemProps(field)}
    >
      <FieldControl
        field={field}
        name={name}
        label={itemLabel}
        parentLabel={parent ? t(fieldLabelKey(def, parent)) : undefined}
        account={ACCOUNT_FIELDS.has(`${def.name}.${field.name}`)}
        preview={previews[name]}
        setPreview={setPreview}
        disabled={disabled}
      />
    </Form.Item>
  );

  if (!field.i18n) return item(field.name, label);
  const zh = item(names[0]!, t('admin:form.langLabel', { label, lang: t('admin:form.lang.zh') }));
  const en = item(names[1]!, t('admin:form.langLabel', { label, lang: t('admin:form.lang.en') }));
  if (field.kind === 'richText') {
    return (
      <fieldset className={s.fieldset}>
        <legend>{label}</legend>
        {zh}
        {en}
      </fieldset>
    );
  }
  return (
    <GridRow gutter={16}>
      <Col xs={24} md={12}>
        {zh}
      </Col>
      <Col xs={24} md={12}>
        {en}
      </Col>
    </GridRow>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * antd (async-validator) treats a rule without `type` as a string rule as soon as it has any key besides
 * `required`/`message`: `{ required, whitespace: false }` then refuses a number as "required". So the
 * required rule carries `whitespace` only for text kinds, and a `type` matching the value otherwise.
 */
export function rulesOf(field: FieldDef, name: string, t: T): Rule[] {
  const rules: Rule[] = [];
  if (isRequired(field, name)) {
    const message = t('admin:form.required');
    if (TEXT_KINDS.has(field.kind)) rules.push({ required: true, whitespace: true, message });
    else if (field.kind === 'int' || field.kind === 'ref' || field.kind === 'money' || field.kind === 'permille')
      rules.push({ required: true, type: 'number', message });
    else rules.push({ required: true, message });
  }
  if ((field.kind === 'text' || field.kind === 'textarea' || field.kind === 'richText') && field.max !== undefined) {
    rules.push({ type: 'string', max: field.max, message: t('admin:form.tooLong', { max: field.max }) });
  }
  if (field.kind === 'int' && (field.min !== undefined || field.max !== undefined)) {
    rules.push({ type: 'number', min: field.min, max: field.max, message: t('admin:form.range', { min: field.min ?? '', max: field.max ?? '' }) });
  }
  // the form holds fen (per mille) as the wire does; the message speaks yuan (percent) as the input does
  if ((field.kind === 'money' || field.kind === 'permille') && (field.min !== undefined || field.max !== undefined)) {
    const show = (v: number | undefined) => (v === undefined ? '' : field.kind === 'money' ? formatYuan(v) : formatPercent(v));
    rules.push({ type: 'number', min: field.min, max: field.max, message: t('admin:form.amountRange', { min: show(field.min), max: show(field.max) }) });
  }
  return rules;
}

/**
 * Form.Item props by kind: dates travel as ISO strings with offset. A boolean keeps the default `value`
 * binding: FieldControl reads `value` and hands it to its Switch as `checked` (issue 34 — with
 * valuePropName 'checked' the control never saw the saved value, showed off and could only send true).
 */
function itemProps(field: FieldDef) {
  if (field.kind === 'datetime') {
    return {
      getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v) : null }),
      // a date typed alone takes the field's obvious time: 00:00 for a start, 23:59 for an end
      normalize: (d: Dayjs | null) => datetimeValue(field, d ? d.format() : null),
    };
  }
  return {};
}

interface ControlProps {
  field: FieldDef;
  name: string;
  label: string;
  /** the label of the field a dependent ref follows (FieldDef.dependsOn) */
  parentLabel?: string;
  account?: boolean;
  preview?: Preview;
  setPreview: (name: string, preview: Preview | null) => void;
  disabled?: boolean;
  // injected by Form.Item
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}

function FieldControl({ field, name, label, parentLabel, account, preview, setPreview, disabled, id, value, onChange }: ControlProps) {
  const enumOptions = useEnumOptions(field);
  const { t } = useTranslation();
  const ref = useRefOptions(field, field.kind === 'ref' && !field.dependsOn);
  const common = { id, disabled };
  if (account) return <AccountSelect {...common} value={(value as number | null) ?? null} onChange={(v) => onChange?.(v)} />;
  if (field.kind === 'ref' && field.dependsOn)
    return <DependentRefSelect {...common} field={field} dependsOn={field.dependsOn} parentLabel={parentLabel ?? ''} value={value} onChange={onChange} />;
  switch (field.kind) {
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={field.max}
          showCount={!!field.max && field.max <= 5000}
        />
      );
    case 'richText':
      return (
        <Suspense fallback={<Skeleton.Input active block style={{ height: 220 }} aria-label={t('admin:editor.loading')} />}>
          <RichTextEditor {...common} label={label} value={(value as string) ?? ''} onChange={(v) => onChange?.(v)} />
        </Suspense>
      );
    case 'int':
      return (
        <InputNumber
          {...common}
          value={value as number | null}
          onChange={(v) => onChange?.(v)}
          min={field.min}
          max={field.max}
          precision={0}
          style={{ width: 200, maxWidth: '100%' }}
        />
      );
    case 'money':
      // yuan with two decimals on the screen, integer fen in the form and on the wire
      return (
        <InputNumber
          {...common}
          value={typeof value === 'number' ? fenToYuan(value) : null}
          onChange={(v) => onChange?.(typeof v === 'number' ? yuanToFen(v) : null)}
          min={field.min === undefined ? undefined : fenToYuan(field.min)}
          max={field.max === undefined ? undefined : fenToYuan(field.max)}
          precision={2}
          step={1}
          prefix="¥"
          style={{ width: 200, maxWidth: '100%' }}
        />
      );
    case 'permille':
      return (
        <InputNumber
          {...common}
          value={typeof value === 'number' ? perMilleToPercent(value) : null}
          onChange={(v) => onChange?.(typeof v === 'number' ? percentToPerMille(v) : null)}
          min={field.min === undefined ? undefined : perMilleToPercent(field.min)}
          max={field.max === undefined ? undefined : perMilleToPercent(field.max)}
          precision={1}
          suffix="%"
          style={{ width: 200, maxWidth: '100%' }}
        />
      );
    case 'boolean':
      return <Switch {...common} checked={!!value} onChange={(v) => onChange?.(v)} />;
    case 'datetime':
      return (
        <DatePicker
          {...common}
          showTime={{ format: 'HH:mm', defaultOpenValue: dayjs(isEndField(field) ? '2000-01-01T23:59' : '2000-01-01T00:00') }}
          // a typed date alone is taken too (its time is the obvious one, datetimeValue)
          format={[ADMIN_DATETIME_FORMAT, 'YYYY-MM-DD', 'YYYY/MM/DD HH:mm', 'YYYY/MM/DD']}
          placeholder={t('admin:form.datetimePlaceholder')}
          value={value as Dayjs | null}
          onChange={(d) => onChange?.(d)}
          // Enter confirms a typed date (the picker has taken it by now); it must not also submit the form
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          style={{ width: 260, maxWidth: '100%' }}
        />
      );
    case 'enum':
      return <Select {...common} value={value} onChange={(v) => onChange?.(v)} options={enumOptions} allowClear={!field.required} style={{ maxWidth: 320 }} />;
    case 'ref':
      return (
        <Select
          {...common}
          value={value}
          onChange={(v) => onChange?.(v ?? null)}
          options={ref.options}
          loading={ref.loading}
          showSearch={{ optionFilterProp: 'label' }}
          allowClear={!field.required}
          style={{ maxWidth: 480 }}
        />
      );
    case 'image':
    case 'file':
      return (
        <UploadInput
          {...common}
          kind={field.kind}
          value={(value as string | null) ?? null}
          onChange={(v) => onChange?.(v)}
          preview={preview}
          setPreview={(p) => setPreview(name, p)}
        />
      );
    default:
      return (
        <Input
          {...common}
          value={(value as string) ?? ''}
          onChange={(e) => onChange?.(e.target.value)}
          maxLength={field.max}
          showCount={!!field.max && field.max <= 500}
        />
      );
  }
}

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const FILE_ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx';

/**
 * A ref that follows another field of the form (FieldDef.dependsOn): only the referenced rows carrying the chosen
 * value (a ticket's sessions: the chosen activity's), nothing and a hint before one is chosen, and a choice that
 * no longer belongs is cleared when the other field changes (issue 34).
 */
function DependentRefSelect({
  field,
  dependsOn,
  parentLabel,
  id,
  disabled,
  value,
  onChange,
}: {
  field: FieldDef;
  dependsOn: string;
  parentLabel: string;
  id?: string;
  disabled?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const parent: unknown = Form.useWatch(dependsOn, Form.useFormInstance());
  const chosen = parent !== null && parent !== undefined && parent !== '';
  const ref = useRefOptions(field, true, chosen ? { [dependsOn]: parent } : undefined);
  const options = chosen ? ref.options : [];
  const stale = chosen && ref.ready && value !== null && value !== undefined && !options.some((o) => o.value === value);
  useEffect(() => {
    if (stale) onChange?.(null);
  }, [stale, onChange]);
  return (
    <Select
      id={id}
      disabled={disabled || !chosen}
      value={stale ? null : value}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={ref.loading}
      placeholder={chosen ? undefined : t('admin:form.chooseFirst', { field: parentLabel })}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={!field.required}
      style={{ maxWidth: 480 }}
    />
  );
}

/** Uploads to POST /api/admin/uploads?kind=…; the field keeps the returned storage key. */
function UploadInput({
  id,
  kind,
  value,
  onChange,
  preview,
  setPreview,
  disabled,
}: {
  id?: string;
  kind: 'image' | 'file';
  value: string | null;
  onChange: (key: string | null) => void;
  preview?: Preview;
  setPreview: (p: Preview | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useMutation(uploadMutation);
  const busy = upload.isPending;
  return (
    <Space orientation="vertical" size={8}>
      {value && kind === 'image' && preview?.url ? (
        <Image src={preview.url} width={200} alt={t('admin:form.imagePreview')} style={{ borderRadius: 8 }} />
      ) : null}
      {value && kind === 'file' ? (
        <Typography.Text>
          <PaperClipOutlined aria-hidden="true" /> {preview?.fileName || value}
        </Typography.Text>
      ) : null}
      <Space wrap>
        <Upload
          accept={kind === 'image' ? IMAGE_ACCEPT : FILE_ACCEPT}
          showUploadList={false}
          disabled={disabled || busy}
          customRequest={({ file, onSuccess, onError }) =>
            upload.mutate(
              { file: file as File, kind },
              {
                onSuccess: (up) => {
                  onChange(up.key);
                  setPreview({ url: up.url, fileName: up.fileName });
                  message.success(t('admin:form.uploaded'));
                  onSuccess?.(up);
                },
                onError: (e) => {
                  message.error(errorMessage(e, t('admin:form.uploadFailed')));
                  onError?.(e as Error);
                },
              },
            )
          }
        >
          <Button id={id} icon={<UploadOutlined />} loading={busy} disabled={disabled}>
            {value ? t('admin:form.replace') : kind === 'image' ? t('admin:form.uploadImage') : t('admin:form.uploadFile')}
          </Button>
        </Upload>
        {value ? (
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              setPreview(null);
            }}
          >
            {t('admin:form.remove')}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
