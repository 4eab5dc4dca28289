import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Tag } from 'antd';
import { useNavigate } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../lib/api-client';
import type { CertificateListResponse } from '../../lib/contract';
import { formatDate } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import s from './judge.module.css';

const KIND_KEYS = {
  team: 'awards:verify.kind.team',
  player: 'awards:verify.kind.player',
  leader: 'awards:verify.kind.leader',
  volunteer: 'awards:verify.kind.volunteer',
} as const;

const PROBLEM_KEYS = { noTemplate: 'awards:mine.noTemplate', noPhoto: 'awards:mine.noPhoto' } as const;

/** The user center's certificates (spec 2.7): every certificate of the account, each a PNG to download and a page to verify. */
export function MyCertificates() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: ['awards', 'mine', lang],
    queryFn: () => api.get<CertificateListResponse>('/api/lAward/web/mine', { silent: true }).then((r) => r.data),
  });
  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon title={errorMessage(list.error, t('awards:mine.failed'))} />;
  if (!list.data.length) return <Empty description={t('awards:mine.none')} />;
  return (
    <ul className={s.teams} aria-label={t('awards:mine.title')}>
      {list.data.map((c) => (
        <li key={c.id} className={s.team}>
          <div>
            <p className={s.teamName}>
              {c.awardName} · {c.name}
            </p>
            <p className={s.muted}>
              <Tag>{t(KIND_KEYS[c.kind])}</Tag>
              {[c.programName, c.activityName, formatDate(c.issuedAt, lang)].filter(Boolean).join(' · ')}
            </p>
          </div>
          <div className={s.entry}>
            {c.problem ? (
              // spec 8.2: the picture cannot be made yet — say why instead of a download that fails
              <Alert type="warning" showIcon title={t(PROBLEM_KEYS[c.problem])} />
            ) : (
              <Button type="primary" href={`/api/lAward/cert/${c.certCode}`} download>
                {t('awards:mine.download')}
              </Button>
            )}
            <Button onClick={() => void navigate(`/verify/${c.certCode}`)}>{t('awards:mine.verify')}</Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
