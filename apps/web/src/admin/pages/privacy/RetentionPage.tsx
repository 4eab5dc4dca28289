import { Tag, Typography, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCount, formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/use-lang';
import { ListScreen } from './ListScreen';
import { retentionQuery, type RetentionRowView } from './privacy-api';

/** Where an activity stands: anonymised, due at the next run, waiting for its date, or not ended. */
export function retentionState(r: RetentionRowView, now = Date.now()): 'done' | 'due' | 'waiting' | 'running' {
  if (r.anonymisedAt) return 'done';
  if (!r.ended) return 'running';
  return Date.parse(r.dueAt) <= now ? 'due' : 'waiting';
}

const STATE_KEYS = {
  done: 'admin:privacy.retention.states.done',
  due: 'admin:privacy.retention.states.due',
  waiting: 'admin:privacy.retention.states.waiting',
  running: 'admin:privacy.retention.states.running',
} as const;
const STATE_COLOR = { done: 'default', due: 'warning', waiting: 'processing', running: 'success' } as const;

/**
 * Admin → Privacy → Retention (issue 37): each activity, when its participants will be anonymised (its end plus its
 * retention period) and how much that touches — players, ID numbers, photos, guardians, teachers, volunteers.
 */
export default function RetentionPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const list = useQuery(retentionQuery);
  const count = (n: number) => formatCount(n, lang);
  const columns: TableProps<RetentionRowView>['columns'] = [
    { title: t('admin:privacy.retention.activity'), dataIndex: 'name', width: 200 },
    { title: t('admin:privacy.retention.finish'), dataIndex: 'finishTime', width: 120, render: (v: string) => formatDate(v, lang) },
    {
      title: t('admin:privacy.retention.period'),
      dataIndex: 'retentionDays',
      width: 100,
      render: (v: number) => t('admin:privacy.retention.days', { count: v }),
    },
    {
      title: t('admin:privacy.retention.due'),
      dataIndex: 'dueAt',
      width: 230,
      render: (v: string, r) => {
        const state = retentionState(r);
        return (
          <span>
            <Tag color={STATE_COLOR[state]}>{t(STATE_KEYS[state])}</Tag> {formatDate(state === 'done' ? r.anonymisedAt : v, lang)}
          </span>
        );
      },
    },
    { title: t('admin:privacy.retention.players'), dataIndex: 'players', width: 80, align: 'right', render: count },
    { title: t('admin:privacy.retention.idNumbers'), dataIndex: 'withIdNumber', width: 90, align: 'right', render: count },
    { title: t('admin:privacy.retention.photos'), dataIndex: 'photos', width: 80, align: 'right', render: count },
    { title: t('admin:privacy.retention.guardians'), dataIndex: 'guardians', width: 90, align: 'right', render: count },
    { title: t('admin:privacy.retention.teachers'), dataIndex: 'teachers', width: 80, align: 'right', render: count },
    { title: t('admin:privacy.retention.volunteers'), dataIndex: 'volunteers', width: 90, align: 'right', render: count },
  ];
  return (
    <ListScreen<RetentionRowView>
      title={t('admin:menu.retention')}
      intro={
        <>
          <Typography.Paragraph type="secondary">{t('admin:privacy.retention.intro')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('admin:privacy.retention.kept')}</Typography.Paragraph>
        </>
      }
      list={list}
      columns={columns}
      scrollX={1160}
      emptyText={t('admin:privacy.retention.empty')}
    />
  );
}
