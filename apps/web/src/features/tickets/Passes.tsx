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
import { passLines, printedCode, VISITOR_STATUS_KEYS } from './model';
import s from './tickets.module.css';

/**
 * The downloaded picture: the QR, the printed code under it and the pass's lines (event, visitor, session, date,
 * place) on white, drawn on a canvas. Without a canvas (old browsers) the QR alone.
 */
async function passPicture(qr: string, code: string | null, lines: string[]): Promise<string> {
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('qr'));
    img.src = qr;
  });
  const width = 480;
  const lineH = 30;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return qr;
  const fonts = (i: number) => (i === 0 ? 'bold 22px system-ui, sans-serif' : '20px system-ui, sans-serif');
  // long lines (an English event name) wrap at spaces, or anywhere in Chinese, rather than being squeezed
  const wrapped = lines.flatMap((line, i) => {
    ctx.font = fonts(i);
    const parts = /\s/.test(line) ? line.split(/(\s+)/).filter(Boolean) : [...line];
    const out: string[] = [];
    let cur = '';
    for (const part of parts) {
      if (cur && ctx.measureText(cur + part).width > width - 40) {
        out.push(cur.trimEnd());
        cur = part.trimStart();
      } else cur += part;
    }
    if (cur) out.push(cur);
    return out.map((text) => ({ text, font: fonts(i) }));
  });
  canvas.width = width;
  canvas.height = 30 + 360 + (code ? 70 : 24) + wrapped.length * lineH + 24;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, (width - 360) / 2, 30, 360, 360);
  ctx.fillStyle = '#111';
  ctx.textAlign = 'center';
  let y = 30 + 360 + 24;
  if (code) {
    ctx.font = 'bold 36px ui-monospace, Menlo, Consolas, monospace';
    ctx.fillText(code, width / 2, y + 12);
    y += 56;
  }
  for (const line of wrapped) {
    ctx.font = line.font;
    ctx.fillText(line.text, width / 2, y, width - 24);
    y += lineH;
  }
  return canvas.toDataURL('image/png');
}

/** A pass code as a QR image, its short code printed under it, with a download of both and the pass's lines (PNG). */
function PassQr({ code, shortCode, lines, label, file }: { code: string; shortCode: string | null; lines: string[]; label: string; file: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [png, setPng] = useState<string | null>(null);
  const printed = printedCode(shortCode);
  const text = lines.join('\n');
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(code, { margin: 2, width: 360, errorCorrectionLevel: 'M' }).then((u) => {
      if (!live) return;
      setSrc(u);
      passPicture(u, printed, text ? text.split('\n') : [])
        .then((p) => live && setPng(p))
        .catch(() => live && setPng(u));
    });
    return () => {
      live = false;
    };
  }, [code, printed, text]);
  if (!src) return <Spin />;
  return (
    <figure className={s.qr}>
      <img src={src} alt={label} data-pass={code} />
      <figcaption>
        {printed ? (
          <span className={s.code}>
            <span className={s.codeLabel}>{t('tickets:pass.code')}</span>
            <span className={s.codeValue} data-testid="pass-code" lang="en" translate="no">
              {printed}
            </span>
          </span>
        ) : null}
        <a href={png ?? src} download={file}>
          {t('tickets:pass.download')}
        </a>
      </figcaption>
    </figure>
  );
}

function PassCard({ v, withOrder }: { v: VisitorView; withOrder?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const date = formatDateTime(v.startTime, lang);
  return (
    <article className={s.pass} aria-label={t('tickets:pass.of', { name: v.name })}>
      <div>
        {v.activityName ? <p className={s.event}>{v.activityName}</p> : null}
        <h3 className={s.cardTitle}>{v.name}</h3>
        <p className={s.muted}>
          {v.ticketName} · {v.sessionName}
        </p>
        <p className={s.muted}>{t('tickets:pass.when', { time: date })}</p>
        {v.area ? <p className={s.muted}>{t('tickets:pass.where', { place: v.area })}</p> : null}
        <p className={s.muted}>{t('tickets:pass.entry', { time: formatDateTime(v.entryTime, lang) })}</p>
        <Tag>{t(VISITOR_STATUS_KEYS[v.status] ?? 'tickets:visitorStatus.held')}</Tag>
        {v.usedAt ? <p className={s.muted}>{t('tickets:pass.usedAt', { time: formatDateTime(v.usedAt, lang) })}</p> : null}
        {withOrder ? (
          <p>
            <Link to={`/audienceOrder?orderNo=${encodeURIComponent(v.orderNo)}`}>{t('tickets:pass.order')}</Link>
          </p>
        ) : null}
      </div>
      {v.passCode && v.status === 'valid' ? (
        <PassQr
          code={v.passCode}
          shortCode={v.shortCode}
          lines={passLines(v, date)}
          label={t('tickets:pass.qrOf', { name: v.name })}
          file={`pass-${v.id}.png`}
        />
      ) : null}
    </article>
  );
}

/** The passes of one order, once paid: one QR per visitor, and the order's group QR when there are several. */
export function OrderPasses({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useQuery({
    queryKey: ['passes', orderNo],
    queryFn: () => passCodes(orderNo),
    refetchInterval: (query) => (query.state.data?.groupCode ? false : 3000),
  });
  if (q.isPending) return <Skeleton active />;
  if (q.isError) return <Alert type="error" showIcon title={errorMessage(q.error, t('tickets:loadFailed'))} />;
  if (!q.data.groupCode) return null;
  const first = q.data.visitors[0];
  const date = first ? formatDateTime(first.startTime, lang) : '';
  return (
    <section aria-labelledby="passes-title" className={s.passes}>
      <h2 id="passes-title" className={s.cardTitle}>
        {t('tickets:pass.title')}
      </h2>
      <p className={s.muted}>{t('tickets:pass.lead')}</p>
      {q.data.visitors.length > 1 ? (
        <article className={s.pass} aria-label={t('tickets:pass.group')}>
          <div>
            {first?.activityName ? <p className={s.event}>{first.activityName}</p> : null}
            <h3 className={s.cardTitle}>{t('tickets:pass.group')}</h3>
            <p className={s.muted}>{t('tickets:pass.groupLead', { count: q.data.visitors.length })}</p>
          </div>
          <PassQr
            code={q.data.groupCode}
            shortCode={q.data.groupShortCode}
            lines={first ? passLines({ ...first, name: t('tickets:pass.group'), ticketName: '' }, date) : []}
            label={t('tickets:pass.group')}
            file={`group-${q.data.orderNo}.png`}
          />
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
