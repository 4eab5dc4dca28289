import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Image, Result, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoaderData, useParams } from 'react-router';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { errorMessage, isApiError } from '../../lib/api-client';
import { canResource } from '@rp/shared/roles';
import { useSession } from '../../lib/session';
import { resourceKeys, resourceRowQuery, saveResourceMutation } from './api';
import { FieldCell } from './cells';
import { FieldItems, type Preview } from './inputs';
import {
  createDefaults,
  editableFields,
  fieldLabelKey,
  formValuesOf,
  imageUrlOf,
  infoFields,
  isEditable,
  splitFieldErrors,
  toRequestBody,
  type Row,
} from './model';
import { PictureBulkUpload } from './PictureBulkUpload';
import type { ResourceLoaderData } from './route';
import { findResource, type ResourceDef } from './registry';
import s from '../admin.module.css';

export { resourceLoader as loader, resourceMeta as meta } from './route';

/** /admin/r/:resource/new and /admin/r/:resource/:id — the generic form of a resource definition. */
export default function ResourceFormPage() {
  const { t } = useTranslation();
  const { name } = useLoaderData() as ResourceLoaderData;
  const { id: rawId } = useParams();
  const def = findResource(name)!;
  const id = rawId === undefined ? null : /^\d{1,10}$/.test(rawId) ? Number(rawId) : NaN;
  if (Number.isNaN(id) || (id === null && def.creatable === false)) {
    return <Result status="404" title={t('errors:notFound.title')} extra={<BackToList def={def} />} />;
  }
  return id === null ? <ResourceForm key={`${def.name}:new`} def={def} row={null} /> : <ExistingRow key={`${def.name}:${id}`} def={def} id={id} />;
}

function BackToList({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`/admin/r/${def.name}`)}>
      {t('admin:resource.backToList', { name: t(def.labelKey) })}
    </Button>
  );
}

function ExistingRow({ def, id }: { def: ResourceDef; id: number }) {
  const { t } = useTranslation();
  const query = useQuery(resourceRowQuery(def.name, id));
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const notFound = isApiError(query.error, 'NOT_FOUND');
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('errors:notFound.title') : t('admin:resource.loadFailed')}
        subTitle={isApiError(query.error) ? query.error.message : undefined}
        extra={<BackToList def={def} />}
      />
    );
  }
  // rows that change only through their own flows (payments, ledger): every field as information
  if (!isEditable(def)) return <ReadOnlyRow def={def} row={query.data} />;
  // Not re-mounted when the row refetches (after a save or a bulk upload): typed values stay.
  return <ResourceForm def={def} row={query.data} />;
}

/** A row of a resource without update or delete routes: its fields, nothing to save. */
function ReadOnlyRow({ def, row }: { def: ResourceDef; row: Row }) {
  const { t } = useTranslation();
  const label = t(def.labelKey);
  return (
    <>
      <Space className={s.titleRow} wrap>
        <Typography.Title level={1} className={s.pageTitle}>
          {t('admin:resource.viewTitle', { name: label, id: String(row.id) })}
        </Typography.Title>
        <BackToList def={def} />
      </Space>
      <Card className={s.card}>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, xl: 3 }}>
          {def.fields.map((f) => (
            <Descriptions.Item key={f.name} label={t(fieldLabelKey(def, f))}>
              <FieldCell field={f} row={row} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    </>
  );
}

function initialPreviews(def: ResourceDef, row: Row | null): Record<string, Preview> {
  const out: Record<string, Preview> = {};
  if (!row) return out;
  for (const f of editableFields(def)) {
    if (f.kind === 'image') out[f.name] = { url: imageUrlOf(row, f) };
    // file fields: the stored name comes from the row (e.g. officialFiles.fileName)
    if (f.kind === 'file') out[f.name] = { fileName: typeof row.fileName === 'string' ? row.fileName : null };
  }
  return out;
}

function ResourceForm({ def, row }: { def: ResourceDef; row: Row | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [form] = Form.useForm<Row>();
  const save = useMutation(saveResourceMutation(def.name));
  const [serverError, setServerError] = useState<string | null>(null);
  const [previews, setPreviews] = useState(() => initialPreviews(def, row));
  const isNew = row === null;
  // a new row needs the create permission, a stored one the edit permission (coarse or the resource's own)
  const canWrite = canResource(user?.permissions ?? [], def, isNew ? 'create' : 'edit');
  const label = t(def.labelKey);
  const info = isNew ? [] : infoFields(def);

  const setPreview = (name: string, p: Preview | null) => setPreviews((prev) => ({ ...prev, [name]: p ?? {} }));

  const onFinish = (values: Row) => {
    const body = toRequestBody(def, values, row);
    if (!isNew && Object.keys(body).length === 0) {
      message.info(t('admin:resource.noChanges'));
      return;
    }
    setServerError(null);
    save.mutate(
      { id: isNew ? null : (row.id as number), body },
      {
        onSuccess: (res) => {
          message.success(res.resultStr || (isNew ? t('admin:resource.created') : t('admin:resource.updated')));
          if (isNew) void navigate(`/admin/r/${def.name}/${String(res.data.id)}`, { replace: true });
        },
        onError: (e) => {
          const text = errorMessage(e, t('admin:resource.failed'));
          const { fields, other } = splitFieldErrors(def, isApiError(e) ? e.fieldErrors : {});
          form.setFields(fields.map(([name, msg]) => ({ name, errors: [msg] })));
          setServerError([text, ...other].join(' '));
          message.error(text);
        },
      },
    );
  };

  return (
    <>
      <Space className={s.titleRow} wrap>
        <Typography.Title level={1} className={s.pageTitle}>
          {isNew ? t('admin:resource.newTitle', { name: label }) : t('admin:resource.editTitle', { name: label, id: String(row.id) })}
        </Typography.Title>
        <BackToList def={def} />
      </Space>

      {info.length ? (
        <Card size="small" className={s.card}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            {info.map((f) => (
              <Descriptions.Item key={f.name} label={t(fieldLabelKey(def, f))}>
                {f.kind === 'image' && imageUrlOf(row!, f) ? (
                  <Image src={imageUrlOf(row!, f)!} width={120} alt={t('admin:resource.thumbnailAlt', { id: String(row!.id) })} />
                ) : (
                  <FieldCell field={f} row={row!} />
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}

      <Card className={s.card}>
        {serverError ? <Alert type="error" showIcon title={serverError} className={s.formAlert} role="alert" /> : null}
        <Form<Row>
          form={form}
          layout="vertical"
          initialValues={isNew ? createDefaults(def) : formValuesOf(def, row)}
          onFinish={onFinish}
          disabled={!canWrite}
          scrollToFirstError
          aria-label={label}
        >
          {editableFields(def).map((f) => (
            <FieldItems key={f.name} def={def} field={f} previews={previews} setPreview={setPreview} disabled={!canWrite} />
          ))}
          {canWrite ? (
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending}>
                {t('common:actions.save')}
              </Button>
            </Form.Item>
          ) : null}
        </Form>
      </Card>

      {def.name === 'photos' && !isNew && canWrite ? (
        <PictureBulkUpload
          photoId={row.id as number}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: resourceKeys.resource('photos') });
            void queryClient.invalidateQueries({ queryKey: resourceKeys.resource('pictures') });
          }}
        />
      ) : null}
    </>
  );
}
