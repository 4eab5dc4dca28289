import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GateDeviceView } from '@rp/shared';
import { api } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import s from './checkin.module.css';

interface Overview {
  admitted: number;
  gates: { gate: string; admitted: number }[];
  perMinute: { minute: string; gate: string; admitted: number }[];
  devices: GateDeviceView[];
  conflicts: { id: number; visitorName: string; shortCode: string | null; text: string }[];
}
const STATE_KEYS: Record<GateDeviceView['state'], string> = {
  active: 'admin:checkin.doors.states.active',
  revoked: 'admin:checkin.doors.states.revoked',
  expired: 'admin:checkin.doors.states.expired',
};
/** the most recent minutes shown; the rest stay in the figures per gate */
const MINUTES = 10;
/** a device not heard from for this long is marked: its waiting scans may be stuck */
const QUIET_MS = 2 * 60_000;

/**
 * The doors of a session (issue 38), under the check-in screen: admissions per gate and per minute, the gates'
 * devices (last seen, scans waiting on them, revoke) and passes admitted twice offline, for the organiser.
 */
export function GateDoors({ sessionId }: { sessionId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const qc = useQueryClient();
  const overview = useQuery({
    queryKey: ['gate-overview', sessionId],
    queryFn: () => api.get<{ data: Overview }>('/api/admin/gate/overview', { query: { sessionId } }).then((r) => r.data),
    refetchInterval: 5000,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.post(`/api/admin/gate/devices/${id}/revoke`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['gate-overview', sessionId] }),
  });
  const o = overview.data;
  if (!o) return null;
  const minutes = [...new Set(o.perMinute.map((m) => m.minute))].slice(-MINUTES).reverse();
  const now = Date.now();
  return (
    <section className={s.doors} aria-labelledby="gate-doors-title" data-testid="gate-doors">
      <Typography.Title level={2} id="gate-doors-title" style={{ fontSize: 20, margin: 0 }}>
        {t('admin:checkin.doors.title')}
      </Typography.Title>
      <h3 className={s.sub}>{t('admin:checkin.doors.conflicts')}</h3>
      {o.conflicts.length ? (
        <ul className={s.conflicts} data-testid="gate-conflicts">
          {o.conflicts.map((c) => (
            <li key={c.id}>
              <strong>{c.visitorName}</strong> · {c.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.none}>{t('admin:checkin.doors.noConflicts')}</p>
      )}
      <h3 className={s.sub}>{t('admin:checkin.doors.perGate')}</h3>
      {o.gates.length ? (
        <ul className={s.gates} data-testid="gate-per-gate">
          {o.gates.map((g) => (
            <li key={g.gate}>{t('admin:checkin.doors.gateCount', { gate: g.gate || t('admin:checkin.doors.noGate'), count: g.admitted })}</li>
          ))}
        </ul>
      ) : (
        <p className={s.none}>{t('admin:checkin.doors.noneYet')}</p>
      )}
      {minutes.length ? (
        <Table
          size="small"
          pagination={false}
          rowKey="minute"
          scroll={{ x: true }}
          caption={t('admin:checkin.doors.perMinute')}
          dataSource={minutes.map((minute) => ({ minute, rows: o.perMinute.filter((m) => m.minute === minute) }))}
          columns={[
            { title: t('admin:checkin.doors.minute'), dataIndex: 'minute', render: (m: string) => m.slice(11) },
            {
              title: t('admin:checkin.doors.admitted'),
              dataIndex: 'rows',
              render: (rows: Overview['perMinute']) =>
                rows.map((r) => t('admin:checkin.doors.gateCount', { gate: r.gate || t('admin:checkin.doors.noGate'), count: r.admitted })).join(' · '),
            },
          ]}
        />
      ) : null}
      <h3 className={s.sub}>{t('admin:checkin.doors.devices')}</h3>
      <Table
        size="small"
        pagination={false}
        rowKey="id"
        scroll={{ x: true }}
        dataSource={o.devices}
        locale={{ emptyText: t('admin:checkin.doors.noDevices') }}
        columns={[
          { title: t('admin:checkin.doors.gate'), dataIndex: 'gate' },
          { title: t('admin:checkin.doors.staff'), dataIndex: 'staffName' },
          {
            title: t('admin:checkin.doors.state'),
            dataIndex: 'state',
            render: (st: GateDeviceView['state']) => <Tag color={st === 'active' ? 'green' : undefined}>{t(STATE_KEYS[st])}</Tag>,
          },
          {
            title: t('admin:checkin.doors.lastSeen'),
            dataIndex: 'lastSeenAt',
            render: (at: string | null, d: GateDeviceView) => {
              const quiet = d.state === 'active' && (!at || now - new Date(at).getTime() > QUIET_MS);
              return (
                <span className={quiet ? s.quiet : undefined}>
                  {at ? formatDateTime(at, lang) : t('admin:checkin.doors.never')}
                  {quiet ? ` · ${t('admin:checkin.doors.quiet')}` : ''}
                </span>
              );
            },
          },
          { title: t('admin:checkin.doors.pending'), dataIndex: 'pending' },
          {
            title: t('admin:checkin.doors.actions'),
            key: 'actions',
            render: (_: unknown, d: GateDeviceView) =>
              d.state === 'active' ? (
                <Popconfirm title={t('admin:checkin.doors.revokeConfirm', { gate: d.gate })} onConfirm={() => revoke.mutate(d.id)}>
                  <Button danger size="small" aria-label={t('admin:checkin.doors.revokeOf', { gate: d.gate })}>
                    {t('admin:checkin.doors.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </section>
  );
}
