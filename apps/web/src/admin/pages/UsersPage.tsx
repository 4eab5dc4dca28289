import { Table, Tag, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AdminUserItem } from '../../lib/contract';
import { adminUsersQuery } from '../api';
import { ScrollableTable } from './ScrollableTable';
import { usePagedTable } from './usePaging';
import s from '../admin.module.css';
import { ROLE_KEYS } from '../role-keys';

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

export default function UsersPage() {
  const { t } = useTranslation();
  const table = usePagedTable(adminUsersQuery);

  const columns: TableProps<AdminUserItem>['columns'] = [
    { title: t('admin:users.columns.id'), dataIndex: 'id', width: 80 },
    { title: t('admin:users.columns.username'), dataIndex: 'username' },
    { title: t('admin:users.columns.nickName'), dataIndex: 'nickName' },
    { title: t('admin:users.columns.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    {
      title: t('admin:users.columns.roles'),
      dataIndex: 'roles',
      render: (roles: string[]) =>
        roles.map((r) => (
          <Tag key={r} color={r === 'admin' ? 'geekblue' : r === 'editor' ? 'blue' : undefined}>
            {ROLE_KEYS[r] ? t(ROLE_KEYS[r]) : r}
          </Tag>
        )),
    },
    { title: t('admin:users.columns.createdAt'), dataIndex: 'createdAt', render: formatTime },
    { title: t('admin:users.columns.lastLoginAt'), dataIndex: 'lastLoginAt', render: formatTime },
  ];

  return (
    <>
      <Typography.Title level={1} className={s.pageTitle}>
        {t('admin:menu.users')}
      </Typography.Title>
      <ScrollableTable label={t('admin:menu.users')}>
        <Table<AdminUserItem> {...table} columns={columns} scroll={{ x: 900 }} />
      </ScrollableTable>
    </>
  );
}
