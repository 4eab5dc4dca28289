import { useEffect, useId, useMemo, useRef } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DashboardStats } from '@rp/shared';
import { saveBlob } from '../../../lib/download';
import admin from '../../admin.module.css';
import s from './dashboard.module.css';
import { echarts, type EChartsType } from './echarts';
import { chartSpecs, type ChartSpec } from './model';
import { XLSX_TYPE, xlsxBytes } from './xlsx';

/**
 * The dashboard's charts (issue 14), a lazy chunk of its own with ECharts: each chart as a canvas that
 * screen readers meet as one image with a summary, its data as a table one click away, a PNG and an
 * xlsx download.
 */
export default function Charts({ data }: { data: DashboardStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const specs = useMemo(() => chartSpecs(data, t, lang), [data, t, lang]);
  const headingId = useId();
  if (!specs.length) return null;
  return (
    <section className={admin.statGroup} aria-labelledby={headingId}>
      <Typography.Title level={2} className={admin.groupTitle} id={headingId}>
        {t('admin:dashboard.charts.title', { year: data.year })}
      </Typography.Title>
      <div className={s.charts}>
        {specs.map((spec) => (
          <ChartCard key={spec.key} spec={spec} fileBase={`dashboard-${spec.key}-${data.year}${data.activityId ? `-${data.activityId}` : ''}`} />
        ))}
      </div>
    </section>
  );
}

function ChartCard({ spec, fileBase }: { spec: ChartSpec; fileBase: string }) {
  const { t } = useTranslation();
  const empty = spec.rows.length === 0;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [empty]);

  useEffect(() => {
    chart.current?.setOption(optionOf(spec), true);
  }, [spec, empty]);

  const saveImage = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (url) saveBlob(dataUrlBlob(url), `${fileBase}.png`);
  };
  const saveXlsx = () => saveBlob(new Blob([xlsxBytes(spec.title, [spec.columns, ...spec.rows]) as BlobPart], { type: XLSX_TYPE }), `${fileBase}.xlsx`);

  return (
    <Card size="small" title={<h3 className={s.cardTitle}>{spec.title}</h3>} className={s.card} data-chart={spec.key}>
      {empty ? (
        <p className={s.empty}>{t('admin:dashboard.charts.empty')}</p>
      ) : (
        <>
          <div role="img" aria-label={`${spec.title}: ${spec.summary}`} className={s.canvas}>
            <div ref={box} className={s.canvasInner} aria-hidden="true" />
          </div>
          <Space wrap size={8} className={s.actions}>
            <Button size="small" icon={<DownloadOutlined />} onClick={saveImage}>
              {t('admin:dashboard.charts.saveImage')}
            </Button>
            <Button size="small" icon={<DownloadOutlined />} onClick={saveXlsx}>
              {t('admin:dashboard.charts.saveXlsx')}
            </Button>
          </Space>
          <details className={s.data}>
            <summary>{t('admin:dashboard.charts.showData')}</summary>
            <div className={s.tableWrap}>
              <table className={s.table}>
                <caption className={s.caption}>{spec.title}</caption>
                <thead>
                  <tr>
                    {spec.columns.map((c, i) => (
                      <th key={i} scope="col">
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {spec.rows.map((r, i) => (
                    <tr key={i}>
                      {r.map((v, j) =>
                        j === 0 ? (
                          <th key={j} scope="row">
                            {v}
                          </th>
                        ) : (
                          <td key={j}>{v}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </Card>
  );
}

/** Series colours: the admin's blue first, then hues that stay apart for colour-blind readers (Okabe–Ito). */
const PALETTE = ['#1f4e9c', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#8a6d00', '#5b5b5b', '#0072b2', '#b8860b'];

/** The ECharts option of a table: pie of the first value column, or one line/bar series per column over the categories. */
export function optionOf(spec: ChartSpec) {
  // the admin's font (AntdProvider's brandTheme; not imported, to keep this chunk's imports to its own)
  const font = { fontFamily: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif" };
  if (spec.kind === 'pie')
    return {
      color: PALETTE,
      textStyle: font,
      tooltip: { trigger: 'item' as const },
      legend: { type: 'scroll' as const, bottom: 0 },
      series: [
        {
          type: 'pie' as const,
          radius: ['35%', '62%'],
          center: ['50%', '45%'],
          label: { formatter: '{d}%' },
          data: spec.rows.map((r) => ({ name: String(r[0]), value: Number(r[1]) })),
        },
      ],
    };
  const dense = spec.rows.length > 40;
  return {
    color: PALETTE,
    textStyle: font,
    tooltip: { trigger: 'axis' as const },
    legend: { type: 'scroll' as const, top: 0 },
    grid: { left: 48, right: 16, top: 40, bottom: 28 },
    xAxis: { type: 'category' as const, data: spec.rows.map((r) => String(r[0])) },
    yAxis: { type: 'value' as const, minInterval: spec.key === 'money' ? undefined : 1 },
    series: spec.columns.slice(1).map((name, i) => ({
      name,
      type: spec.kind,
      data: spec.rows.map((r) => Number(r[i + 1])),
      showSymbol: !dense,
      barMaxWidth: 32,
    })),
  };
}

function dataUrlBlob(url: string): Blob {
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}
