import { Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SmsOutboxItem } from '../../lib/contract';
import { smsOutboxQuery } from '../api';
import { ScrollableTable } from './ScrollableTable';
import { usePagedTable } from './usePaging';
import s from '../admin.module.css';

const PURPOSE_KEYS: Record<string, string> = {
  register: 'admin:sms.purposes.register',
  login: 'admin:sms.purposes.login',
  password: 'admin:sms.purposes.password',
};

/** Messages the SMS adapter sent (the development adapter keeps the codes here), newest first. */
export default function SmsOutboxPage() {
  const { t } = useTranslation();
  const table = usePagedTable(smsOutboxQuery);

  const columns: TableProps<SmsOutboxItem>['columns'] = [
    { title: t('admin:sms.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('admin:sms.columns.phone'), dataIndex: 'phone', width: 140 },
    {
      title: t('admin:sms.columns.purpose'),
      dataIndex: 'purpose',
      width: 120,
      render: (purpose: string) => <Tag color="blue">{PURPOSE_KEYS[purpose] ? t(PURPOSE_KEYS[purpose]) : purpose}</Tag>,
    },
    { title: t('admin:sms.columns.content'), dataIndex: 'content', render: (text: string) => <span className={s.mono}>{text}</span> },
    {
      title: t('admin:sms.columns.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (value: string) => <time dateTime={value}>{dayjs(value).format('YYYY-MM-DD HH:mm:ss')}</time>,
    },
  ];

  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.smsOutbox')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin:sms.intro')}</Typography.Paragraph>
      <ScrollableTable label={t('admin:menu.smsOutbox')}>
        <Table<SmsOutboxItem> {...table} columns={columns} scroll={{ x: 760 }} />
      </ScrollableTable>
    </>
  );
}
