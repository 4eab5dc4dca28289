import crypto from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../lazy-libs';
import type { AppDeps } from '../../deps';
import { AppError } from '../errors';
import { JobGiveUp } from '../jobs';
import { newKey } from '../storage';
import { progressQueue, type ProgressJob, type ProgressPayload } from '../progress-job';
import { exportFileName, type ExportColumn, type Lang } from './display';

/**
 * A resource export as a job of the one queue (issue 14: 100,000 rows with a progress bar; issue 36: lib/jobs.ts
 * through lib/progress-job.ts). The job's payload is what makes the export again — the resource, the list's
 * query (sealed with the ID-number key: a filter may be a name or a phone), the data scope, the language, the
 * staff member —, so any instance may run it, once, and a crashed instance's is taken over. The rows are read
 * in batches and streamed into the workbook on disk (ExcelJS' streaming writer: memory stays flat); the
 * progress lives in the shared store; the finished file goes to the shared storage.
 */
type Row = Record<string, unknown>;

/** What one export reads: the list's query string, the exporter's data scope (null: every activity), the language. */
export interface ExportRequest {
  query: Record<string, unknown>;
  scope: readonly number[] | null;
  lang: Lang;
}

export interface ExportSource {
  /** the sheet's name (the resource as the screen names it) */
  title: string;
  /** the screen's column titles in the exporter's language, with the money and date formats */
  columns: readonly ExportColumn[];
  /** how many rows the filter matches */
  count(): Promise<number>;
  /** a page of the filtered, sorted rows as export cells (display.ts exportRows), keyed by column */
  batch(offset: number, limit: number): Promise<Row[]>;
}

/**
 * The exports an app serves, by resource name (AppDeps.resourceExports, one map per app): lib/crud/resource.ts
 * adds each resource it serves, so the job finds its definition, table and hooks on the app that runs it.
 */
export type ResourceExports = Map<string, (req: ExportRequest) => ExportSource>;

type Deps = Pick<AppDeps, 'database' | 'storage' | 'store' | 'pii' | 'resourceExports'>;
export type ResourceExportJob = ProgressJob;

interface ExportPayload extends ProgressPayload {
  resource: string;
  lang: Lang;
  scope: number[] | null;
  /** the query string, sealed (deps.pii): the payload is shown to staff and kept for a month */
  query: string;
}

/** The most rows one export writes; past it the person narrows the filter. */
export const EXPORT_MAX_ROWS = 200_000;
const BATCH = 2_000;

const cell = (v: unknown): ExcelJS.CellValue =>
  v === null || v === undefined ? null : v instanceof Date ? v : typeof v === 'object' ? JSON.stringify(v) : (v as ExcelJS.CellValue);

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

const exports = progressQueue<ExportPayload, Deps>('export', async (p, run, deps) => {
  const source = deps.resourceExports.get(p.resource);
  const query = deps.pii.tryDecrypt(p.query);
  if (!source || query === null) throw new JobGiveUp(source ? 'query-unreadable' : 'no-resource');
  const src = source({ query: JSON.parse(query) as Record<string, unknown>, scope: p.scope, lang: p.lang });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'export-'));
  const file = path.join(dir, 'out.xlsx');
  try {
    const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName(src.title));
    ws.columns = src.columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    // rows added after the count are left out, so the bar ends at 100 %
    for (let offset = 0; offset < p.total; offset += BATCH) {
      const rows = await src.batch(offset, Math.min(BATCH, p.total - offset));
      for (const r of rows) ws.addRow(src.columns.map((c) => cell(r[c.key]))).commit();
      await run.report({ done: Math.min(p.total, offset + rows.length) });
      if (rows.length < BATCH) break;
    }
    ws.commit();
    await wb.commit();
    const key = newKey('private/exports', 'xlsx');
    await run.put(key, await readFile(file), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    return key;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The queue of resource exports (server.ts hands it to the one job loop). */
export const exportQueue = exports.queue;

/** A job of this person (another's id is as unknown as a wrong one). */
export function readExportJob(deps: Pick<AppDeps, 'database' | 'store'>, jobId: string, staffId: number): Promise<ResourceExportJob> {
  return exports.read(deps, jobId, staffId);
}

/** Enqueues the export of `total` rows and answers at once; this instance starts writing it. */
export async function startExportJob(
  deps: Deps,
  e: ExportRequest & { resource: string; staffId: number; total: number },
  log: { error(o: object, m: string): void },
): Promise<ResourceExportJob> {
  if (e.total > EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_MANY', { params: { max: EXPORT_MAX_ROWS } });
  const payload: ExportPayload = {
    jobId: crypto.randomBytes(16).toString('hex'),
    staffId: e.staffId,
    total: e.total,
    fileName: exportFileName(e.resource),
    resource: e.resource,
    lang: e.lang,
    scope: e.scope ? [...e.scope] : null,
    query: deps.pii.seal(JSON.stringify(e.query)),
  };
  return exports.start(deps, payload, log);
}
