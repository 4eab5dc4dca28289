import { useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, MessageOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-client';
import { bulkResourceMutation, type BulkMessage } from './api';
import { useEnumOptions } from './cells';
import { fieldLabelKey, type Row } from './model';
import type { FieldDef, ResourceDef } from './registry';
import s from '../admin.module.css';

/** The fields a bulk change may set: choices and switches the form edits (e.g. a status: approve, reject). */
export function bulkFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.readOnly && (f.kind === 'enum' || f.kind === 'boolean'));
}

interface Props {
  def: ResourceDef;
  ids: number[];
  canEdit: boolean;
  canDelete: boolean;
  canExport: boolean;
  canMessage: boolean;
  onExport: () => void;
  onDone: () => void;
}

/** The actions on the ticked rows of a list (issue 14): export, change a field, delete, message their owners. */
export function BulkBar({ def, ids, canEdit, canDelete, canExport, canMessage, onExport, onDone }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const bulk = useMutation(bulkResourceMutation(def.name));
  const [dialog, setDialog] = useState<'change' | 'message' | null>(null);
  const fields = canEdit ? bulkFields(def) : [];
  const done = (res: { resultStr: string }) => {
    void message.success(res.resultStr);
    setDialog(null);
    onDone();
  };
  const failed = (e: unknown) => void message.error(errorMessage(e, t('admin:resource.failed')));

  const onDelete = () =>
    modal.confirm({
      title: t('admin:bulkActions.deleteTitle', { count: ids.length }),
      okText: t('admin:resource.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () => bulk.mutateAsync({ kind: 'delete', ids }).then(done, failed),
    });

  return (
    <div className={s.bulkBar} role="region" aria-label={t('admin:bulkActions.label')}>
      <Typography.Text strong>{t('admin:bulkActions.selected', { count: ids.length })}</Typography.Text>
      <Space wrap size={8}>
        {canExport ? (
          <Button icon={<DownloadOutlined />} onClick={onExport}>
            {t('admin:bulkActions.export')}
          </Button>
        ) : null}
        {fields.length ? (
          <Button icon={<EditOutlined />} onClick={() => setDialog('change')}>
            {t('admin:bulkActions.change')}
          </Button>
        ) : null}
        {canMessage ? (
          <Button icon={<MessageOutlined />} onClick={() => setDialog('message')}>
            {t('admin:bulkActions.message')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            {t('admin:bulkActions.delete')}
          </Button>
        ) : null}
        <Button type="link" onClick={onDone}>
          {t('admin:bulkActions.clear')}
        </Button>
      </Space>
      {dialog === 'change' ? (
        <ChangeDialog
          def={def}
          fields={fields}
          count={ids.length}
          pending={bulk.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(patch) => bulk.mutate({ kind: 'update', ids, patch }, { onSuccess: done, onError: failed })}
        />
      ) : null}
      {dialog === 'message' ? (
        <MessageDialog
          count={ids.length}
          pending={bulk.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(text) => bulk.mutate({ kind: 'message', ids, text }, { onSuccess: done, onError: failed })}
        />
      ) : null}
    </div>
  );
}

function ChangeDialog({
  def,
  fields,
  count,
  pending,
  onCancel,
  onSubmit,
}: {
  def: ResourceDef;
  fields: FieldDef[];
  count: number;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (patch: Row) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ field: string; value: unknown }>();
  const name = Form.useWatch('field', form) ?? fields[0]!.name;
  const field = fields.find((f) => f.name === name) ?? fields[0]!;
  return (
    <Modal
      open
      title={t('admin:bulkActions.changeTitle', { count })}
      okText={t('admin:bulkActions.apply')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ field: fields[0]!.name, value: fields[0]!.kind === 'boolean' ? true : undefined }}
        onFinish={(v) => onSubmit({ [field.name]: field.kind === 'boolean' ? Boolean(v.value) : v.value })}
      >
        <Form.Item name="field" label={t('admin:bulkActions.field')}>
          <Select
            options={fields.map((f) => ({ value: f.name, label: t(fieldLabelKey(def, f)) }))}
            onChange={(n: string) => form.setFieldValue('value', fields.find((f) => f.name === n)?.kind === 'boolean' ? true : undefined)}
          />
        </Form.Item>
        {field.kind === 'boolean' ? (
          <Form.Item name="value" label={t('admin:bulkActions.value')} valuePropName="checked">
            <Switch />
          </Form.Item>
        ) : (
          <EnumValue field={field} />
        )}
      </Form>
    </Modal>
  );
}

function EnumValue({ field }: { field: FieldDef }) {
  const { t } = useTranslation();
  const options = useEnumOptions(field);
  return (
    <Form.Item name="value" label={t('admin:bulkActions.value')} rules={[{ required: true, message: t('admin:form.required') }]}>
      <Select options={options} />
    </Form.Item>
  );
}

function MessageDialog({ count, pending, onCancel, onSubmit }: { count: number; pending: boolean; onCancel: () => void; onSubmit: (m: BulkMessage) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BulkMessage>();
  const required = [{ required: true, whitespace: true, message: t('admin:form.required') }];
  return (
    <Modal
      open
      title={t('admin:bulkActions.messageTitle', { count })}
      okText={t('admin:bulkActions.send')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => form.submit()}
      width={640}
    >
      <Alert type="info" showIcon title={t('admin:bulkActions.messageHint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={onSubmit}>
        <Form.Item name="titleZh" label={t('admin:bulkActions.titleZh')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('admin:bulkActions.titleEn')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contentZh" label={t('admin:bulkActions.contentZh')} rules={required}>
          <Input.TextArea maxLength={2000} rows={3} />
        </Form.Item>
        <Form.Item name="contentEn" label={t('admin:bulkActions.contentEn')} rules={required}>
          <Input.TextArea maxLength={2000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
