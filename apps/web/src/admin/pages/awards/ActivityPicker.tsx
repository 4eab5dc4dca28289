import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminActivitiesQuery } from '../registration-api';
import { reaches, useSession } from '../../../lib/session';
import s from './awards.module.css';

/** The activity an award screen works on: searchable by number or name (a season has dozens). */
export function ActivityPicker({ value, onChange, id }: { value: number | null; onChange: (id: number) => void; id?: string }) {
  const { t } = useTranslation();
  const activities = useQuery(adminActivitiesQuery);
  const { user } = useSession();
  return (
    <Select<number>
      id={id}
      aria-label={t('admin:reg.activity')}
      className={s.activity}
      placeholder={t('admin:awardsAdmin.pickActivity')}
      value={value ?? undefined}
      onChange={onChange}
      loading={activities.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(activities.data ?? []).filter((a) => reaches(user, 'awards.manage', a.id)).map((a) => ({ value: a.id, label: `${a.id} · ${a.name}` }))}
    />
  );
}

/** The activity in the address (?activityId=), so a reload or a shared link keeps it. */
export function useActivityParam(params: URLSearchParams, setParams: (p: URLSearchParams) => void): [number | null, (id: number) => void] {
  const raw = Number(params.get('activityId'));
  const value = Number.isInteger(raw) && raw > 0 ? raw : null;
  return [
    value,
    (id: number) => {
      const next = new URLSearchParams(params);
      next.set('activityId', String(id));
      setParams(next);
    },
  ];
}
