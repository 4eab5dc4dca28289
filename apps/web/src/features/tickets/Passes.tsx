import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Skeleton, Spin, Tag } from 'antd';
import { Link } from '../../lib/link';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useLang } from '../../lib/use-lang';
import { myVisitors, passCodes, type VisitorView } from './api';
import { VISITOR_STATUS_KEYS } from './model';
import s from './tickets.module.css';

/** A pass code as a QR image, with a download of the same image (PNG). */
function PassQr({ code, label, file }: { code: string; label: string; file: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(code, { margin: 2, width: 360, errorCorrectionLevel: 'M' }).then((u) => live && setSrc(u));
    return () => {
      live = false;
    };
  }, [code]);
  if (!src) return <Spin />;
  return (
    <figure className={s.qr}>
      <img src={src} alt={label} data-pass={code} />
      <figcaption>
        <a href={src} download={file}>
          {t('tickets:pass.download')}
        </a>
      </figcaption>
    </figure>
  );
}

function PassCard({ v, withOrder }: { v: VisitorView; withOrder?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <article className={s.pass} aria-label={t('tickets:pass.of', { name: v.name })}>
      <div>
        <h3 className={s.cardTitle}>{v.name}</h3>
        <p className={s.muted}>
          {v.ticketName} · {v.sessionName}
          {v.area ? ` · ${v.area}` : ''}
        </p>
        <p className={s.muted}>{t('tickets:pass.entry', { time: formatDateTime(v.entryTime, lang) })}</p>
        <Tag>{t(VISITOR_STATUS_KEYS[v.status] ?? 'tickets:visitorStatus.held')}</Tag>
        {v.usedAt ? <p className={s.muted}>{t('tickets:pass.usedAt', { time: formatDateTime(v.usedAt, lang) })}</p> : null}
        {withOrder ? (
          <p>
            <Link to={`/audienceOrder?orderNo=${encodeURIComponent(v.orderNo)}`}>{t('tickets:pass.order')}</Link>
          </p>
        ) : null}
      </div>
      {v.passCode && v.status === 'valid' ? <PassQr code={v.passCode} label={t('tickets:pass.qrOf', { name: v.name })} file={`pass-${v.id}.png`} /> : null}
    </article>
  );
}

/** The passes of one order, once paid: one QR per visitor, and the order's group QR when there are several. */
export function OrderPasses({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['passes', orderNo],
    queryFn: () => passCodes(orderNo),
    refetchInterval: (query) => (query.state.data?.groupCode ? false : 3000),
  });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, t('tickets:loadFailed'))} />;
  if (!q.data.groupCode) return null;
  return (
    <section aria-labelledby="passes-title" className={s.passes}>
      <h2 id="passes-title" className={s.cardTitle}>
        {t('tickets:pass.title')}
      </h2>
      <p className={s.muted}>{t('tickets:pass.lead')}</p>
      {q.data.visitors.length > 1 ? (
        <article className={s.pass} aria-label={t('tickets:pass.group')}>
          <div>
            <h3 className={s.cardTitle}>{t('tickets:pass.group')}</h3>
            <p className={s.muted}>{t('tickets:pass.groupLead', { count: q.data.visitors.length })}</p>
          </div>
          <PassQr code={q.data.groupCode} label={t('tickets:pass.group')} file={`group-${q.data.orderNo}.png`} />
        </article>
      ) : null}
      {q.data.visitors.map((v) => (
        <PassCard key={v.id} v={v} />
      ))}
    </section>
  );
}

/** User center → My tickets: every pass of the account. */
export function MyTickets() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['my-passes'], queryFn: myVisitors });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, t('tickets:loadFailed'))} />;
  return (
    <section aria-labelledby="my-passes-title" className={s.passes}>
      <h2 id="my-passes-title" className={s.cardTitle}>
        {t('tickets:mine.title')}
      </h2>
      {q.data.length === 0 ? <Empty description={t('tickets:mine.empty')} /> : null}
      {q.data.map((v) => (
        <PassCard key={v.id} v={v} withOrder />
      ))}
    </section>
  );
}
