import { useState } from 'react';
import { App, Button, Grid, Space, Table, Tabs, Tag, Typography, Upload, type TableProps } from 'antd';
import { DownloadOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@rp/shared/rules/money';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../resources/cells';
import { downloadInvoiceMutation, invoiceActionMutation, invoicesQuery, type AdminInvoice, type InvoiceStatus } from './money-api';
import { ReasonDialog } from './money/dialogs';
import { InvoiceFields } from './money/InvoiceFields';
import { INVOICE_KIND_KEYS, INVOICE_STATUS_KEYS, labelOf, TITLE_TYPE_KEYS } from './money/labels';
import { invoiceFileError } from './money/model';
import { useStatusPaging } from './money/paging';
import { ScrollableTable } from './ScrollableTable';
import s from '../admin.module.css';
import m from './money/money.module.css';

const STATUSES = ['pending', 'issued', 'rejected'] as const satisfies readonly InvoiceStatus[];

/**
 * Invoice requests (issue 10): every field the member gave; a pending one is issued with a PDF the
 * server draws or one staff upload (PDF, at most 10 MB), or rejected with the required reason.
 */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { status, setStatus, page0, size, pagination } = useStatusPaging(STATUSES);
  const list = useQuery(invoicesQuery(status, page0, size));
  const action = useMutation(invoiceActionMutation);
  const download = useMutation(downloadInvoiceMutation);
  const [rejecting, setRejecting] = useState<AdminInvoice | null>(null);
  // a phone keeps the rows readable: the actions scroll with them, stacked
  const narrow = !Grid.useBreakpoint().md;

  const run = (a: Parameters<typeof action.mutate>[0]) =>
    action.mutate(a, {
      onSuccess: (res) => {
        message.success(res.resultStr);
        setRejecting(null);
      },
      onError: (e) => void message.error(errorMessage(e, t('admin:resource.failed'))),
    });

  const generate = (inv: AdminInvoice) =>
    modal.confirm({
      title: t('admin:money.generateTitle', { orderNo: inv.orderNo }),
      content: t('admin:money.generateBody', { amount: formatYuan(inv.amountFen), name: inv.companyName }),
      okText: t('admin:money.generate'),
      cancelText: t('common:actions.cancel'),
      onOk: () => run({ id: inv.id, kind: 'generate' }),
    });

  const upload = (inv: AdminInvoice, file: File) => {
    const problem = invoiceFileError(file);
    if (problem) message.error(problem === 'notPdf' ? t('admin:money.pdfOnly') : t('admin:money.pdfTooLarge'));
    else run({ id: inv.id, kind: 'upload', file });
    // never antd's own upload: the mutation sends it
    return false;
  };

  const busy = (id: number) => action.isPending && action.variables?.id === id;
  const columns: TableProps<AdminInvoice>['columns'] = [
    {
      title: t('admin:money.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string) => (
        <Link to={`/admin/r/orders?orderNo=${encodeURIComponent(v)}`} className={s.mono}>
          {v}
        </Link>
      ),
    },
    { title: t('admin:money.amountFen'), dataIndex: 'amountFen', align: 'right', render: (v: number) => <span className={m.money}>{formatYuan(v)}</span> },
    {
      title: t('admin:money.invoiceTitle'),
      width: 200,
      render: (_, inv) => (
        <div>
          <div className={m.wrapText}>{inv.companyName}</div>
          <Space size={4} wrap className={m.tagLine}>
            <Tag>{labelOf(t, TITLE_TYPE_KEYS, inv.titleType)}</Tag>
            <Tag color={inv.kind === 'special' ? 'blue' : undefined}>{labelOf(t, INVOICE_KIND_KEYS, inv.kind)}</Tag>
          </Space>
        </div>
      ),
    },
    // widths that fit the list at 1440 px beside the menu (issue 24): the tax number ellipsised, the actions wrapping
    { title: t('admin:money.taxNo'), dataIndex: 'taxNo', width: 150, ellipsis: true, render: (v: string) => <span className={s.mono}>{v || '—'}</span> },
    { title: t('admin:money.contact'), dataIndex: 'contact', width: 140, render: (v: string) => <span className={m.wrapText}>{v || '—'}</span> },
    { title: t('admin:money.requestedAt'), dataIndex: 'createdAt', render: (v: string) => <span className={m.money}>{formatDateTime(v)}</span> },
    ...(status === 'issued'
      ? [
          { title: t('admin:money.invoiceNo'), dataIndex: 'invoiceNo', render: (v: string | null) => <span className={s.mono}>{v ?? '—'}</span> },
          { title: t('admin:money.issuedAt'), dataIndex: 'issuedAt', render: (v: string | null) => <span className={m.money}>{formatDateTime(v)}</span> },
        ]
      : []),
    ...(status === 'rejected'
      ? [
          {
            title: t('admin:money.rejectReasonColumn'),
            dataIndex: 'rejectReason',
            render: (v: string | null) => <span className={m.wrapText}>{v ?? '—'}</span>,
          },
        ]
      : []),
    {
      title: t('admin:money.actions'),
      fixed: narrow ? undefined : 'right',
      width: narrow ? 140 : 190,
      render: (_, inv) =>
        inv.status === 'pending' ? (
          <Space size={4} wrap>
            <Button
              size="small"
              type="primary"
              icon={<FilePdfOutlined />}
              loading={busy(inv.id) && action.variables?.kind === 'generate'}
              onClick={() => generate(inv)}
              aria-label={t('admin:money.generateOf', { orderNo: inv.orderNo })}
            >
              {t('admin:money.generate')}
            </Button>
            <Upload accept="application/pdf,.pdf" showUploadList={false} maxCount={1} beforeUpload={(file) => upload(inv, file)}>
              <Button
                size="small"
                icon={<UploadOutlined />}
                loading={busy(inv.id) && action.variables?.kind === 'upload'}
                aria-label={t('admin:money.uploadOf', { orderNo: inv.orderNo })}
              >
                {t('admin:money.upload')}
              </Button>
            </Upload>
            <Button size="small" danger onClick={() => setRejecting(inv)} aria-label={t('admin:money.rejectInvoiceOf', { orderNo: inv.orderNo })}>
              {t('admin:money.reject')}
            </Button>
          </Space>
        ) : inv.status === 'issued' ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={download.isPending && download.variables?.id === inv.id}
            onClick={() => download.mutate({ id: inv.id, invoiceNo: inv.invoiceNo })}
            aria-label={t('admin:money.downloadOf', { invoiceNo: inv.invoiceNo ?? String(inv.id) })}
          >
            {t('admin:money.download')}
          </Button>
        ) : null,
    },
  ];

  // on a phone the actions come first, beside the order they act on
  const shown = narrow ? [columns.at(-1)!, ...columns.slice(0, -1)] : columns;
  const title = t('admin:resources.invoices');
  return (
    <section>
      <Typography.Title level={1} className={s.pageTitle}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:money.invoicesIntro')}</Typography.Paragraph>
      <Tabs
        activeKey={status}
        onChange={(k) => setStatus(k as InvoiceStatus)}
        className={m.tabs}
        items={STATUSES.map((st) => ({ key: st, label: labelOf(t, INVOICE_STATUS_KEYS, st) }))}
      />
      <ScrollableTable label={title}>
        <Table<AdminInvoice>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.content ?? []}
          scroll={{ x: 'max-content' }}
          columns={shown}
          expandable={{ expandedRowRender: (inv) => <InvoiceFields inv={inv} />, columnTitle: t('admin:money.details') }}
          pagination={pagination(list.data?.totalElements ?? 0)}
        />
      </ScrollableTable>
      <ReasonDialog
        open={!!rejecting}
        id="invoice-reject"
        title={rejecting ? t('admin:money.rejectInvoiceTitle', { orderNo: rejecting.orderNo }) : ''}
        label={t('admin:money.rejectReason')}
        okText={t('admin:money.confirmReject')}
        pending={action.isPending}
        onSubmit={(reason) => rejecting && run({ id: rejecting.id, kind: 'reject', reason })}
        onCancel={() => setRejecting(null)}
      />
    </section>
  );
}
