import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, Input, List, Pagination, Segmented, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUESTION_MAX } from '@rp/shared/rules/consult';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../resources/cells';
import { useLang } from '../../../lib/use-lang';
import { refOptionsQuery } from '../../resources/api';
import { reaches, useSession } from '../../../lib/session';
import { refLabel } from '../../resources/model';
import { faqsQuery, inboxQuery, peopleKeys, replyTo, threadQuery } from './people-api';
import s from './people.module.css';

const PAGE_SIZE = 20;

/**
 * The consultation inbox (issue 12): conversations waiting for an answer first, per activity; one conversation
 * with a reply box and the FAQ's answers as canned replies. Both lists refresh every 10 s.
 */
export default function ConsultPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [activityId, setActivityId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const list = useQuery(inboxQuery({ page, size: PAGE_SIZE, status, ...(activityId ? { activityId } : {}) }));
  const activities = useQuery(refOptionsQuery('activities'));
  const { user } = useSession();

  return (
    <section>
      <Typography.Title level={1} className={s.title} style={{ fontSize: 24 }}>
        {t('admin:consult.title')}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<'open' | 'all'>
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(0);
          }}
          options={[
            { value: 'open', label: t('admin:consult.open') },
            { value: 'all', label: t('admin:consult.all') },
          ]}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('admin:consult.activity')}
          placeholder={t('admin:consult.activity')}
          style={{ minWidth: 240 }}
          value={activityId}
          onChange={(v) => {
            setActivityId(v);
            setPage(0);
          }}
          options={(activities.data ?? [])
            .filter((a) => reaches(user, 'consult.answer', a.id as number))
            .map((a) => ({ value: a.id as number, label: refLabel(a, lang) }))}
        />
      </Space>
      <div className={s.inbox}>
        <div>
          <List
            bordered
            loading={list.isPending}
            locale={{ emptyText: <Empty description={t('admin:consult.empty')} /> }}
            dataSource={list.data?.content ?? []}
            renderItem={(th) => (
              <List.Item className={th.userId === selected ? s.selected : undefined}>
                <button type="button" className={s.threadButton} onClick={() => setSelected(th.userId)} aria-pressed={th.userId === selected}>
                  <span className={s.threadHead}>
                    <Badge status={th.unanswered ? 'error' : 'success'} text={`${th.nickName} · ${th.phone}`} />
                    <span className={s.muted}>{formatDateTime(th.lastAt)}</span>
                  </span>
                  {th.activityName ? <span className={s.muted}>{th.activityName}</span> : null}
                  <span className={s.preview}>{th.preview}</span>
                  <span className={s.muted}>{th.unanswered ? t('admin:consult.waiting') : t('admin:consult.answered')}</span>
                </button>
              </List.Item>
            )}
          />
          {list.data && list.data.totalElements > PAGE_SIZE ? (
            <Pagination
              style={{ marginTop: 12 }}
              current={page + 1}
              pageSize={PAGE_SIZE}
              total={list.data.totalElements}
              showSizeChanger={false}
              onChange={(p) => setPage(p - 1)}
            />
          ) : null}
        </div>
        {selected ? <Thread key={selected} userId={selected} /> : <Empty description={t('admin:consult.pick')} />}
      </div>
    </section>
  );
}

function Thread({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const thread = useQuery(threadQuery(userId));
  const faqs = useQuery(faqsQuery());
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: () => replyTo(userId, text.trim()),
    onSuccess: (r) => {
      void message.success(r.resultStr);
      setText('');
      void qc.invalidateQueries({ queryKey: peopleKeys.all });
    },
    onError: (e) => setProblem(errorMessage(e, t('admin:resource.failed'))),
  });
  if (thread.isPending) return <List loading />;
  if (thread.isError) return <Empty description={errorMessage(thread.error, t('admin:resource.failed'))} />;
  const th = thread.data.thread;
  return (
    <article className={s.thread} aria-labelledby="consult-thread-title">
      <Typography.Title level={2} id="consult-thread-title" style={{ fontSize: 18 }}>
        {th.nickName} · {th.phone}
      </Typography.Title>
      <ol className={s.lines} aria-label={t('admin:consult.lines')}>
        {thread.data.content.map((l) => (
          <li key={l.id} className={l.mine ? s.theirs : s.ours}>
            <span className={s.muted}>
              {l.mine ? th.nickName : l.staffName || t('admin:consult.staff')} · {formatDateTime(l.createdAt)}
            </span>
            <span className={s.bubble}>{l.content}</span>
          </li>
        ))}
      </ol>
      <Select
        showSearch
        allowClear
        aria-label={t('admin:consult.canned')}
        placeholder={t('admin:consult.canned')}
        value={null}
        style={{ width: '100%' }}
        optionFilterProp="label"
        onChange={(id?: number) => {
          const f = faqs.data?.find((x) => x.id === id);
          if (f) setText(lang === 'en' ? f.answerEn || f.answerZh : f.answerZh || f.answerEn);
        }}
        options={(faqs.data ?? []).map((f) => ({ value: f.id, label: lang === 'en' ? f.questionEn || f.questionZh : f.questionZh || f.questionEn }))}
      />
      <label htmlFor="consult-reply">{t('admin:consult.reply')}</label>
      <Input.TextArea
        id="consult-reply"
        rows={4}
        value={text}
        maxLength={2000}
        showCount
        status={problem ? 'error' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setProblem(null);
        }}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      <Button
        type="primary"
        loading={reply.isPending}
        onClick={() => (text.trim() ? reply.mutate() : setProblem(t('admin:consult.replyEmpty')))}
        style={{ justifySelf: 'start' }}
      >
        {t('admin:consult.send')}
      </Button>
      <Typography.Text type="secondary">{t('admin:consult.memberLimit', { max: QUESTION_MAX })}</Typography.Text>
    </article>
  );
}
