import { Card, Empty, List, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import { myRegistrationsQuery } from './api';
import { PayStatusTag } from './PayStatusTag';
import s from './registration.module.css';

/** A summary of the user's registrations per activity (POST /api/lTeam/my): /enter and the user center tab. */
export function RegistrationSummary() {
  const { t } = useTranslation();
  const q = useQuery(myRegistrationsQuery());
  if (q.isPending) return <Spin />;
  if (!q.data?.length) return <Empty description={t('registration:enter.empty')} />;
  return (
    <List
      dataSource={q.data}
      renderItem={(r) => (
        <List.Item
          actions={[
            <Link key="open" to={`/activityEnter?id=${r.activityId}`}>
              {t('registration:enter.open')}
            </Link>,
          ]}
        >
          <List.Item.Meta
            title={r.activityName}
            description={
              <>
                <div>
                  {t('registration:enter.summary', {
                    teams: t('registration:guide.teamCount', { count: r.teams }),
                    players: t('registration:guide.playerCount', { count: r.players }),
                  })}
                </div>
                <div>
                  {Object.entries(r.playersByPayStatus).map(([st, n]) => (
                    <span key={st}>
                      <PayStatusTag status={Number(st)} />
                      <Tag bordered={false}>{n}</Tag>
                    </span>
                  ))}
                </div>
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}

export function EnterSummary() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="enter-title" className={s.page}>
      <h1 id="enter-title" className={s.title}>
        {t('registration:enter.title')}
      </h1>
      <Card>
        <RegistrationSummary />
      </Card>
    </section>
  );
}
