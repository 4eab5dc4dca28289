import crypto from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../lazy-libs';
import type { AppDeps } from '../../deps';
import { AppError } from '../errors';
import { newKey, putRetrying } from '../storage';
import { progressJobs } from '../progress-job';
import type { ExportColumn } from './display';

/**
 * A resource export as a job (issue 14: 100,000 rows with a progress bar). The rows are read in batches
 * and streamed into the workbook on disk (ExcelJS' streaming writer: memory stays flat), the progress
 * (rows written of the total counted at the start) lives in the shared store so any instance answers the
 * progress bar (lib/progress-job.ts), and the finished file goes to the shared storage.
 */
type Deps = Pick<AppDeps, 'database' | 'storage' | 'store'>;
type Row = Record<string, unknown>;

export interface ResourceExportJob {
  jobId: string;
  staffId: number;
  resource: string;
  total: number;
  done: number;
  ready: boolean;
  failed: boolean;
  key: string | null;
  fileName: string;
  beat: number;
}

/** The most rows one export writes; past it the person narrows the filter. */
export const EXPORT_MAX_ROWS = 200_000;
const BATCH = 2_000;
const jobs = progressJobs<ResourceExportJob>('export');
const save = (deps: Deps, job: ResourceExportJob) => jobs.save(deps, job);

/** A job of this person (another's id is as unknown as a wrong one). */
export function readExportJob(deps: Deps, jobId: string, staffId: number): Promise<ResourceExportJob> {
  return jobs.read(deps, jobId, staffId);
}

export interface ExportSource {
  resource: string;
  staffId: number;
  total: number;
  /** the sheet's name (the resource as the screen names it) */
  title: string;
  /** the screen's column titles in the exporter's language, with the money and date formats */
  columns: readonly ExportColumn[];
  /** a page of the filtered, sorted rows as export cells (display.ts exportRows), keyed by column */
  batch(offset: number, limit: number): Promise<Row[]>;
}

const cell = (v: unknown): ExcelJS.CellValue =>
  v === null || v === undefined ? null : v instanceof Date ? v : typeof v === 'object' ? JSON.stringify(v) : (v as ExcelJS.CellValue);

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Sheet1';

/** Starts the job and answers at once; the writing goes on in this process. */
export async function startExportJob(deps: Deps, src: ExportSource, log: { error(o: object, m: string): void }): Promise<ResourceExportJob> {
  if (src.total > EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_MANY', { params: { max: EXPORT_MAX_ROWS } });
  const job: ResourceExportJob = {
    jobId: crypto.randomBytes(16).toString('hex'),
    staffId: src.staffId,
    resource: src.resource,
    total: src.total,
    done: 0,
    ready: false,
    failed: false,
    key: null,
    fileName: `${src.resource}-${new Date().toISOString().slice(0, 10)}.xlsx`,
    beat: Date.now(),
  };
  await save(deps, job);
  void write(deps, job, src).catch(async (err: unknown) => {
    log.error({ err: err instanceof Error ? err.message : String(err), jobId: job.jobId, resource: job.resource }, 'export failed');
    await save(deps, { ...job, failed: true }).catch(() => undefined);
  });
  return job;
}

async function write(deps: Deps, job: ResourceExportJob, src: ExportSource) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'export-'));
  const file = path.join(dir, 'out.xlsx');
  try {
    const wb = new (await loadExcel()).stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet(sheetName(src.title));
    ws.columns = src.columns.map((c) => ({ header: c.header, key: c.key, width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    // rows added after the count are left out, so the bar ends at 100 %
    for (let offset = 0; offset < job.total; offset += BATCH) {
      const rows = await src.batch(offset, Math.min(BATCH, job.total - offset));
      for (const r of rows) ws.addRow(src.columns.map((c) => cell(r[c.key]))).commit();
      job.done = Math.min(job.total, offset + rows.length);
      job.beat = Date.now();
      await save(deps, job);
      if (rows.length < BATCH) break;
    }
    ws.commit();
    await wb.commit();
    const key = newKey('private/exports', 'xlsx');
    // a store that is down for a while delays the file (retried, the job still beating), it does not fail the export
    await putRetrying(deps.storage, key, await readFile(file), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', {
      beat: () => save(deps, { ...job, beat: Date.now() }),
    });
    await save(deps, { ...job, done: job.total, ready: true, key, beat: Date.now() });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
