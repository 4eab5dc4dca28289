import type { ReactNode } from 'react';
import { Alert, Table, Typography, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { ScrollableTable } from '../ScrollableTable';
import s from '../../admin.module.css';

/** One of the Privacy screens that list rows: its title, what it is about, the list (or why it failed) and what follows. */
export function ListScreen<T extends { id: number }>(props: {
  title: string;
  intro: ReactNode;
  list: UseQueryResult<T[]>;
  columns: TableProps<T>['columns'];
  scrollX: number;
  emptyText: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { list } = props;
  return (
    <section>
      <Typography.Title level={1} className={s.pageTitle}>
        {props.title}
      </Typography.Title>
      {props.intro}
      {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error, t('admin:privacy.failed'))} /> : null}
      <ScrollableTable label={props.title}>
        <Table<T>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data ?? []}
          columns={props.columns}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: props.scrollX }}
          locale={{ emptyText: props.emptyText }}
        />
      </ScrollableTable>
      {props.children}
    </section>
  );
}
