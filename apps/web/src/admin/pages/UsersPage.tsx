import { Table, Tag, Typography, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AdminUserItem } from '../../lib/contract';
import { adminUsersQuery } from '../api';
import { ScrollableTable } from './ScrollableTable';
import { usePaging } from './usePaging';
import s from '../admin.module.css';

const ROLE_KEYS: Record<string, string> = {
  admin: 'admin:users.roles.admin',
  editor: 'admin:users.roles.editor',
  member: 'admin:users.roles.member',
};

const formatTime = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

export default function UsersPage() {
  const { t } = useTranslation();
  const { page, size, setPaging } = usePaging();
  const query = useQuery(adminUsersQuery(page - 1, size));

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
        <Table<AdminUserItem>
          rowKey="id"
          columns={columns}
          dataSource={query.data?.content ?? []}
          loading={query.isFetching}
          scroll={{ x: 900 }}
          pagination={{
            current: page,
            pageSize: size,
            total: query.data?.totalElements ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('admin:table.total', { total }),
            onChange: setPaging,
          }}
        />
      </ScrollableTable>
    </>
  );
}
