import { describe, expect, it } from 'vitest';
import { newsResource, pictureResource, programResource, activityResource } from '@rp/shared/resources/content';
import { bankAccountResource, ledgerResource, orderResource } from '@rp/shared/resources/payments';
import {
  createDefaults,
  fieldLabelKey,
  filterParams,
  filterSpecs,
  formValuesOf,
  isDay,
  isEditable,
  isMoneyField,
  datetimeValue,
  isEndField,
  isRequired,
  listColumns,
  listQuery,
  rangeOf,
  readListParams,
  refLabel,
  splitFieldErrors,
  toRequestBody,
  writeListParams,
} from './model';
import { runPool } from './pool';
import { exportFileName } from './export-name';

describe('resource → list columns, filters and query', () => {
  it('shows the list fields with sort keys for sortable ones', () => {
    const cols = listColumns(newsResource);
    expect(cols.map((c) => c.field.name)).toEqual(['id', 'title', 'status', 'publishedAt']);
    expect(cols.map((c) => c.sortKey)).toEqual(['id', undefined, undefined, 'publishedAt']);
  });

  it('maps filters to controls: like → text, eq enum → select, eq ref → ref select, eq int → number', () => {
    expect(filterSpecs(newsResource).map((f) => [f.param, f.mode, f.control])).toEqual([
      ['title', 'like', 'text'],
      ['status', 'eq', 'select'],
    ]);
    expect(filterSpecs(programResource).map((f) => [f.param, f.control])).toEqual([
      ['activityId', 'ref'],
      ['name', 'text'],
      ['type', 'select'],
    ]);
    expect(filterSpecs(activityResource).find((f) => f.param === 'year')?.control).toBe('number');
  });

  it('reads and writes the URL state; only declared filters and sorts, allowed sizes, default 25', () => {
    const p = readListParams(newsResource, new URLSearchParams('page=3&size=50&sort=publishedAt,asc&title=%20robot%20&bogus=1'));
    expect(p).toEqual({ page: 3, size: 50, sort: { key: 'publishedAt', order: 'asc' }, filters: { title: 'robot' } });
    expect(readListParams(newsResource, new URLSearchParams('size=7&sort=title,asc&page=-2'))).toEqual({ page: 1, size: 25, sort: null, filters: {} });
    expect(writeListParams(p).toString()).toBe('page=3&size=50&sort=publishedAt%2Casc&title=robot');
  });

  it('sends the page 0-based on the wire, and the same filters to the export', () => {
    const p = { page: 2, size: 20, sort: { key: 'id', order: 'desc' as const }, filters: { status: '1' } };
    expect(listQuery(p)).toEqual({ status: '1', sort: 'id,desc', page: 1, size: 20 });
    expect(listQuery(p, { forExport: true })).toEqual({ status: '1', sort: 'id,desc' });
  });

  it("a datetime 'range' filter is a date range sent as <name>From and <name>To (calendar days only)", () => {
    const spec = filterSpecs(orderResource).find((f) => f.param === 'createdAt')!;
    expect([spec.mode, spec.control]).toEqual(['range', 'dateRange']);
    expect(filterParams(spec)).toEqual(['createdAtFrom', 'createdAtTo']);
    const p = readListParams(orderResource, new URLSearchParams('createdAtFrom=2026-05-01&createdAtTo=2026-05-31&createdAt=2026-05-02&status=paid'));
    expect(p.filters).toEqual({ createdAtFrom: '2026-05-01', createdAtTo: '2026-05-31', status: 'paid' });
    expect(rangeOf(spec, p.filters)).toEqual(['2026-05-01', '2026-05-31']);
    expect(listQuery(p)).toMatchObject({ createdAtFrom: '2026-05-01', createdAtTo: '2026-05-31' });
    // one open end; a malformed or impossible day is dropped, not sent
    expect(readListParams(orderResource, new URLSearchParams('createdAtTo=2026-02-30&createdAtFrom=2026-1-5')).filters).toEqual({});
    expect(readListParams(ledgerResource, new URLSearchParams('createdAtTo=2026-02-28')).filters).toEqual({ createdAtTo: '2026-02-28' });
    expect([isDay('2024-02-29'), isDay('2026-02-29'), isDay('2026-13-01'), isDay('20260101')]).toEqual([true, false, false, false]);
  });

  it('orders, payments and the ledger are read-only; bank accounts are edited; amounts in fen are money', () => {
    expect([isEditable(orderResource), isEditable(ledgerResource), isEditable(bankAccountResource), isEditable(newsResource)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(orderResource.fields.filter(isMoneyField).map((f) => f.name)).toEqual(['amountFen', 'paidFen', 'refundedFen']);
    expect(isMoneyField({ kind: 'int' })).toBe(false);
    expect(refLabel({ id: 12, orderNo: 'R20260501ABCD' }, 'zh')).toBe('R20260501ABCD (#12)');
  });

  it('labels fields by resource and name', () => {
    expect(fieldLabelKey(newsResource, { name: 'title' })).toBe('admin:fields.news.title');
  });
});

describe('resource → form values and request bodies', () => {
  it('requires the Chinese text of required bilingual fields only', () => {
    const title = newsResource.fields.find((f) => f.name === 'title')!;
    expect(isRequired(title, 'titleZh')).toBe(true);
    expect(isRequired(title, 'titleEn')).toBe(false);
  });

  it('starts a new row with the defaults (both languages of bilingual ones)', () => {
    expect(createDefaults(newsResource)).toEqual({ status: 1 });
    expect(createDefaults(programResource)).toEqual({ type: 0, sort: 0 });
  });

  it('create sends filled fields only, as their wire types', () => {
    const body = toRequestBody(programResource, { activityId: '600', nameZh: '相扑', nameEn: '', maxMembers: 3.0, minAge: null, gender: undefined, sort: 0 });
    expect(body).toEqual({ activityId: 600, nameZh: '相扑', maxMembers: 3, sort: 0 });
  });

  it('update sends what changed, null for a cleared optional field, never read-only fields', () => {
    const row = {
      id: 5,
      titleZh: '旧',
      titleEn: 'Old',
      summaryZh: 's',
      summaryEn: null,
      contentZh: '',
      contentEn: '',
      cover: 'k',
      status: 1,
      publishedAt: '2026-01-01T00:00:00.000Z',
    };
    const values = { ...formValuesOf(newsResource, row), titleEn: 'New', cover: null, id: 99 };
    expect(toRequestBody(newsResource, values, row)).toEqual({ titleEn: 'New', cover: null });
  });

  it('form values cover every editable wire name', () => {
    expect(Object.keys(formValuesOf(pictureResource, { id: 1 })).sort()).toEqual(['memberName', 'name', 'photoId', 'programName', 'takenAt', 'teamName']);
  });

  it('labels referenced rows by name or title in the admin language', () => {
    expect(refLabel({ id: 3, nameZh: '北京站', nameEn: 'Beijing' }, 'en')).toBe('Beijing (#3)');
    expect(refLabel({ id: 3, nameZh: '北京站', nameEn: '' }, 'en')).toBe('北京站 (#3)');
    expect(refLabel({ id: 4, titleZh: '规则' }, 'zh')).toBe('规则 (#4)');
    expect(refLabel({ id: 9 }, 'zh')).toBe('#9');
  });

  it('puts server field errors under their fields, the rest aside', () => {
    expect(splitFieldErrors(newsResource, { titleZh: 'required', sort: 'bad' })).toEqual({ fields: [['titleZh', 'required']], other: ['bad'] });
  });
});

describe('runPool (bulk upload concurrency)', () => {
  it('never runs more than the limit at once and reports every result', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const results = await runPool(
      [1, 2, 3, 4, 5, 6, 7],
      3,
      async (n) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5 + (n % 3)));
        running--;
        if (n === 4) throw new Error('bad file');
        return n * 10;
      },
      (i) => seen.push(i),
    );
    expect(peak).toBe(3);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.ok ? r.value : 'x'))).toEqual([10, 20, 30, 'x', 50, 60, 70]);
  });

  it('stops starting new work when aborted', async () => {
    const signal = { aborted: false };
    const done: number[] = [];
    await runPool(
      [1, 2, 3, 4],
      1,
      async (n) => {
        done.push(n);
        if (n === 2) signal.aborted = true;
      },
      undefined,
      signal,
    );
    expect(done).toEqual([1, 2]);
  });
});

describe('date-time fields take a date alone (issue 24)', () => {
  it('an end at 00:00 (a date typed alone) is the last minute of that day; a start stays at 00:00', () => {
    expect(datetimeValue({ name: 'saleEnd' }, '2026-05-01T00:00:00+08:00')).toBe('2026-05-01T23:59:00+08:00');
    expect(datetimeValue({ name: 'endTime' }, '2026-05-01T00:00:00+08:00')).toBe('2026-05-01T23:59:00+08:00');
    expect(datetimeValue({ name: 'signUpEnd' }, '2026-05-01T00:00:00+08:00')).toBe('2026-05-01T23:59:00+08:00');
    expect(datetimeValue({ name: 'saleStart' }, '2026-05-01T00:00:00+08:00')).toBe('2026-05-01T00:00:00+08:00');
    expect(datetimeValue({ name: 'saleEnd' }, '2026-05-01T18:30:00+08:00')).toBe('2026-05-01T18:30:00+08:00');
    expect(datetimeValue({ name: 'saleEnd' }, null)).toBeNull();
    expect(isEndField({ name: 'finishTime' })).toBe(true);
    expect(isEndField({ name: 'entryTime' })).toBe(false);
  });
});

describe('an export is saved under the day it is in Beijing', () => {
  it('07:30 in Beijing is that day, though still the day before in UTC; 23:59 is still that day', () => {
    expect(exportFileName('players', new Date('2026-11-28T23:30:00Z'))).toBe('players-2026-11-29.xlsx');
    expect(exportFileName('players', new Date('2026-11-28T15:59:59Z'))).toBe('players-2026-11-28.xlsx');
    expect(exportFileName('players', new Date('2026-12-31T16:00:00Z'))).toBe('players-2027-01-01.xlsx');
  });
});
