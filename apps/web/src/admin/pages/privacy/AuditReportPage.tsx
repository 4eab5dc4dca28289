import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Table, Typography, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_REPORT_LABELS, auditSummary } from '@rp/shared';
import { errorMessage } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { ScrollableTable } from '../ScrollableTable';
import { auditFile, auditQuery, type AuditReportView } from './privacy-api';
import s from '../../admin.module.css';
import p from './privacy.module.css';

/** literal keys (the locale test finds them): what each exported resource is called */
const SUBJECT_KEYS: Record<string, string> = {
  players: 'admin:resources.players',
  volunteers: 'admin:resources.volunteers',
  visitors: 'admin:resources.visitors',
};

/** The years offered: this one and the four before (China time). */
export function auditYears(now = new Date()): number[] {
  const year = new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
  return Array.from({ length: 5 }, (_, i) => year - i);
}

type Export = AuditReportView['exports'][number];
type ByStaff = AuditReportView['idViewsByStaff'][number];

/**
 * Admin → Privacy → "Compliance audit <year>" (issue 37): the yearly figures on screen, in the words the PDF and
 * the spreadsheet print (one zh/en table, AUDIT_REPORT_LABELS), and both files in the screen's language.
 */
export default function AuditReportPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const years = auditYears();
  const asked = Number(params.get('year'));
  const year = years.includes(asked) ? asked : years[0]!;
  const report = useQuery(auditQuery(year));
  const words = AUDIT_REPORT_LABELS[lang];
  const download = useMutation({
    mutationFn: (format: 'pdf' | 'xlsx') => auditFile(year, format).then((blob) => ({ blob, format })),
    onSuccess: ({ blob, format }) => saveBlob(blob, `${t('admin:privacy.audit.fileName', { year })}.${format}`),
  });
  const r = report.data;
  const figures = r ? auditSummary(r) : [];
  const staffColumns: TableProps<ByStaff>['columns'] = [
    { title: words.staff, dataIndex: 'staff' },
    { title: words.count, dataIndex: 'count', width: 100, align: 'right' },
  ];
  const exportColumns: TableProps<Export>['columns'] = [
    { title: words.when, dataIndex: 'at', width: 160, render: (v: string) => formatDateTime(v, lang) },
    { title: words.staff, dataIndex: 'staff', width: 140 },
    { title: words.what, dataIndex: 'subject', width: 120, render: (v: string) => (SUBJECT_KEYS[v] ? t(SUBJECT_KEYS[v]) : v) },
    { title: words.rows, dataIndex: 'rows', width: 80, align: 'right' },
    { title: words.purpose, dataIndex: 'purpose' },
  ];
  const title = t('admin:privacy.audit.title', { year });
  return (
    <section>
      <Typography.Title level={1} className={s.pageTitle}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{words.subtitle}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('admin:privacy.audit.intro')}</Typography.Paragraph>
      <div className={p.toolbar}>
        <Space size={8} wrap>
          <label htmlFor="audit-year">{t('admin:privacy.audit.year')}</label>
          <Select<number>
            id="audit-year"
            value={year}
            style={{ width: 110 }}
            onChange={(y) => setParams(y === years[0] ? {} : { year: String(y) })}
            options={years.map((y) => ({ value: y, label: String(y) }))}
          />
        </Space>
        <Space size={8} wrap>
          <Button icon={<DownloadOutlined />} loading={download.isPending && download.variables === 'pdf'} onClick={() => download.mutate('pdf')}>
            {t('admin:privacy.audit.pdf')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={download.isPending && download.variables === 'xlsx'} onClick={() => download.mutate('xlsx')}>
            {t('admin:privacy.audit.xlsx')}
          </Button>
        </Space>
      </div>
      {download.isError ? <Alert type="error" showIcon title={errorMessage(download.error, t('admin:privacy.failed'))} style={{ marginBottom: 16 }} /> : null}
      {report.isError ? <Alert type="error" showIcon title={errorMessage(report.error, t('admin:privacy.failed'))} /> : null}
      {report.isPending ? <Typography.Paragraph>{t('admin:privacy.loading')}</Typography.Paragraph> : null}
      {r ? (
        <>
          <Typography.Title level={2} className={p.sectionTitle}>
            {words.summary}
          </Typography.Title>
          <dl className={p.figures} aria-label={words.summary}>
            {figures.map(([key, n]) => (
              <div key={key} className={p.figure}>
                <dt>{words[key]}</dt>
                <dd>{formatCount(n, lang)}</dd>
              </div>
            ))}
          </dl>
          <Typography.Title level={2} className={p.sectionTitle}>
            {words.byStaff}
          </Typography.Title>
          <ScrollableTable label={words.byStaff}>
            <Table<ByStaff>
              rowKey={(x) => String(x.staffId)}
              size="small"
              dataSource={r.idViewsByStaff}
              columns={staffColumns}
              pagination={false}
              locale={{ emptyText: words.nobody }}
            />
          </ScrollableTable>
          <Typography.Title level={2} className={p.sectionTitle}>
            {words.exportList}
          </Typography.Title>
          <ScrollableTable label={words.exportList}>
            <Table<Export>
              rowKey={(x) => `${x.at}-${x.staff}-${x.subject}`}
              size="small"
              dataSource={r.exports}
              columns={exportColumns}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: 700 }}
              locale={{ emptyText: words.nobody }}
            />
          </ScrollableTable>
        </>
      ) : null}
    </section>
  );
}
