import { useState } from 'react';
import { Badge, Button, Collapse, Empty, Pagination, Result, Skeleton, Space, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageItem } from '../../lib/contract';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { markReadMutation, messageListQuery } from './api';
import s from './messages.module.css';

export const MESSAGE_PAGE_SIZE = 10;

/**
 * System messages, newest first. Opening an unread message marks it read, which refreshes the list
 * and the header's red dot.
 */
export function MessageList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const list = useQuery(messageListQuery(page, MESSAGE_PAGE_SIZE));

  const read = useMutation(markReadMutation);

  if (list.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (list.isError)
    return (
      <Result
        status="warning"
        title={t('messages:error')}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );

  const items = list.data.content;
  if (items.length === 0) return <Empty description={t('messages:empty')} />;

  const onOpen = (keys: string[] | string) => {
    const open = Array.isArray(keys) ? keys : [keys];
    for (const key of open) {
      const message = items.find((m) => String(m.id) === key);
      if (message && !message.read && !read.isPending) read.mutate(message.id);
    }
  };

  return (
    <div>
      <Collapse
        accordion
        onChange={onOpen}
        items={items.map((m) => ({
          key: String(m.id),
          label: <MessageLabel message={m} />,
          children: <Typography.Paragraph className={s.content}>{m.content}</Typography.Paragraph>,
        }))}
      />
      {list.data.totalElements > MESSAGE_PAGE_SIZE ? (
        <div className={s.pager}>
          <Pagination
            current={page + 1}
            pageSize={MESSAGE_PAGE_SIZE}
            total={list.data.totalElements}
            showSizeChanger={false}
            onChange={(p) => setPage(p - 1)}
          />
        </div>
      ) : null}
    </div>
  );
}

function MessageLabel({ message }: { message: MessageItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className={s.label}>
      <Space size={8} className={s.titleRow}>
        {message.read ? null : <Badge status="error" />}
        <span className={message.read ? s.title : `${s.title} ${s.unread}`}>{message.title}</span>
        {message.read ? null : <span className="visually-hidden">{t('messages:unread')}</span>}
      </Space>
      <span className={s.meta}>
        {message.publish.nickName} · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lang)}</time>
      </span>
    </div>
  );
}
