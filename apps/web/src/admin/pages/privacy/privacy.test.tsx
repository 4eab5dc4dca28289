import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCE_LABELS } from '@rp/shared/resources/labels';
import enAdmin from '../../../locales/en/admin.json';
import zhAdmin from '../../../locales/zh/admin.json';
import i18n from '../../../lib/i18n';
import { ApiError } from '../../../lib/api-client';
import type { AuditReportView, PrivacyRequestView, RetentionRowView } from './privacy-api';
import { stubAntdDom } from '../../../test/antd-dom';
import { AntdStylesApart } from '../../../test/antd-styles';

// The HTTP client is the seam: the screens' queries and writes (privacy-api.ts) run as they do in the app.
const http = vi.hoisted(() => ({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ data: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(),
  delete: vi.fn(),
}));
vi.mock('../../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api-client')>()), api: http }));
// the browser's download: the file and the name it is saved under
const saved = vi.hoisted(() => vi.fn((_blob: Blob, _name: string) => undefined));
vi.mock('../../../lib/download', () => ({ saveBlob: saved }));

configure({ asyncUtilTimeout: 10_000 });

const { default: PrivacyRequestsPage } = await import('./PrivacyRequestsPage');
const { default: RetentionPage } = await import('./RetentionPage');
const { default: AuditReportPage, auditYears } = await import('./AuditReportPage');

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  for (const [lang, bundle] of [
    ['en', enAdmin],
    ['zh', zhAdmin],
  ] as const) {
    i18n.addResourceBundle(lang, 'admin', RESOURCE_LABELS[lang], true, true);
    i18n.addResourceBundle(lang, 'admin', bundle, true, true);
  }
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function wrap(node: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <AntdStylesApart>
          <App>{node}</App>
        </AntdStylesApart>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

function serveGets(routes: Record<string, unknown>) {
  http.get.mockImplementation(async (path: string) => {
    for (const [prefix, body] of Object.entries(routes)) if (path.startsWith(prefix)) return typeof body === 'function' ? (body as () => unknown)() : body;
    throw new Error(`unexpected GET ${path}`);
  });
}

const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const type = async (el: HTMLElement, value: string) => {
  await act(async () => {
    fireEvent.change(el, { target: { value } });
  });
};

const request = (over: Partial<PrivacyRequestView> = {}): PrivacyRequestView => ({
  id: 5,
  kind: 'correction',
  details: 'My daughter’s school changed to 实验小学',
  status: 'open',
  dueAt: '2026-12-18T15:59:59.000Z',
  overdue: false,
  answer: '',
  answeredAt: null,
  createdAt: '2026-11-27T02:00:00.000Z',
  account: '林小雨 · 138****1234',
  playerName: '林小满',
  ...over,
});

describe('privacy requests queue', { timeout: 20_000 }, () => {
  it('en: shows the deadline and lateness in words, and answers through the form (a refusal with its reason)', async () => {
    await i18n.changeLanguage('en');
    let rows = [
      request(),
      request({
        id: 6,
        kind: 'objection',
        details: 'Please stop sending me notices by SMS',
        overdue: true,
        dueAt: '2026-11-20T15:59:59.000Z',
        account: '王 · 139****0000',
        playerName: '',
      }),
    ];
    serveGets({ '/api/admin/privacy/requests': () => ({ data: rows }) });
    wrap(<PrivacyRequestsPage />);
    expect(await screen.findByText('My daughter’s school changed to 实验小学')).toBeTruthy();
    expect(screen.getByText('18 Dec 2026')).toBeTruthy();
    expect(screen.getByText('Late')).toBeTruthy();
    expect(screen.getByText('Correct data')).toBeTruthy();
    expect(screen.getByText('Objection')).toBeTruthy();
    expect(screen.getAllByText('Open')).toHaveLength(2);

    await click(screen.getByRole('button', { name: 'Answer the request of 林小雨 · 138****1234' }));
    const dialog = await screen.findByRole('dialog');
    // nothing typed: the form says what it needs and sends nothing
    await click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Write the answer (2–2,000 characters)')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await click(within(dialog).getByRole('radio', { name: 'Refused: the answer says why' }));
    await type(
      within(dialog).getByLabelText('Answer (the person reads it in their user centre)'),
      '  The school is checked against the entry form; please send the new certificate.  ',
    );
    http.post.mockImplementationOnce(async () => {
      rows = [request({ status: 'refused', answer: 'The school is checked', answeredAt: '2026-11-28T03:00:00.000Z' }), rows[1]!];
      return { data: rows[0], resultStr: 'Answer sent' };
    });
    await click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(http.post).toHaveBeenCalledWith(
      '/api/admin/privacy/requests/5/answer',
      { status: 'refused', answer: 'The school is checked against the entry form; please send the new certificate.' },
      { silent: true },
    );
    expect(await screen.findByText('Refused')).toBeTruthy();
    expect(screen.getByText('Answered 28 Nov 2026, 11:00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Answer the request of 林小雨 · 138****1234' })).toBeNull();
  });

  it('zh: an answer to a request already answered elsewhere shows the server’s words and keeps the dialog', async () => {
    await i18n.changeLanguage('zh');
    serveGets({ '/api/admin/privacy/requests': { data: [request()] } });
    wrap(<PrivacyRequestsPage />);
    expect(await screen.findByText('2026-12-18')).toBeTruthy();
    expect(screen.getByText('更正信息')).toBeTruthy();
    await click(screen.getByRole('button', { name: '答复 林小雨 · 138****1234 的申请' }));
    const dialog = await screen.findByRole('dialog');
    await type(within(dialog).getByLabelText('答复内容（申请人在个人中心可见）'), '已按您提供的学校信息更正');
    http.post.mockRejectedValueOnce(new ApiError('该申请已经答复过了', 'http', 409, 'REQUEST_CLOSED'));
    await click(within(dialog).getByRole('button', { name: '发送答复' }));
    expect(http.post).toHaveBeenCalledWith('/api/admin/privacy/requests/5/answer', { status: 'done', answer: '已按您提供的学校信息更正' }, { silent: true });
    expect(await within(dialog).findByText('该申请已经答复过了')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

const retentionRow = (over: Partial<RetentionRowView>): RetentionRowView => ({
  id: 1,
  name: 'Spring cup 2026',
  finishTime: '2026-04-30T10:00:00.000Z',
  retentionDays: 180,
  dueAt: '2026-10-27T10:00:00.000Z',
  ended: true,
  anonymisedAt: null,
  players: 1200,
  withIdNumber: 1150,
  photos: 900,
  guardians: 300,
  teachers: 80,
  volunteers: 12,
  ...over,
});

describe('retention preview', { timeout: 20_000 }, () => {
  const rows = [
    retentionRow({}),
    retentionRow({ id: 2, name: 'Autumn open', finishTime: '2026-11-01T10:00:00.000Z', dueAt: '2099-04-30T10:00:00.000Z', retentionDays: 1, players: 3 }),
    retentionRow({ id: 3, name: 'Winter league', ended: false, finishTime: '2099-01-10T10:00:00.000Z', dueAt: '2099-07-09T10:00:00.000Z' }),
    retentionRow({ id: 4, name: 'Old cup', anonymisedAt: '2025-12-01T01:00:00.000Z', players: 40 }),
  ];

  it('en: says for each activity when and how much will be anonymised', async () => {
    await i18n.changeLanguage('en');
    serveGets({ '/api/admin/privacy/retention': { data: rows } });
    wrap(<RetentionPage />);
    const spring = (await screen.findByText('Spring cup 2026')).closest('tr')!;
    expect(spring.textContent).toContain('Due since 27 Oct 2026');
    expect(within(spring).getByText('180 days')).toBeTruthy();
    expect(within(spring).getByText('1,200')).toBeTruthy();
    expect(within(spring).getByText('1,150')).toBeTruthy();
    const autumn = screen.getByText('Autumn open').closest('tr')!;
    expect(within(autumn).getByText('1 day')).toBeTruthy();
    expect(autumn.textContent).toContain('On 30 Apr 2099');
    expect(screen.getByText('Winter league').closest('tr')!.textContent).toContain('Not ended; due 9 Jul 2099');
    expect(screen.getByText('Old cup').closest('tr')!.textContent).toContain('Done 1 Dec 2025');
  });

  it('zh: the same in Chinese', async () => {
    await i18n.changeLanguage('zh');
    serveGets({ '/api/admin/privacy/retention': { data: rows } });
    wrap(<RetentionPage />);
    const spring = (await screen.findByText('Spring cup 2026')).closest('tr')!;
    expect(spring.textContent).toContain('下次运行时');
    expect(within(spring).getByText('180 天')).toBeTruthy();
    expect(screen.getByText('Winter league').closest('tr')!.textContent).toContain('未结束，预计 2099-07-09');
    expect(screen.getByRole('columnheader', { name: '证件号' })).toBeTruthy();
  });
});

const report: AuditReportView = {
  year: 0,
  childrenCollected: 1234,
  consents: { consented: 900, pending: 30, refused: 4, withdrawn: 2 },
  idViews: 17,
  photoViews: 41,
  idViewsByStaff: [{ staffId: 3, staff: '审核员甲', count: 17 }],
  exports: [{ at: '2026-06-01T02:30:00.000Z', staff: '审核员甲', subject: 'players', rows: 350, purpose: 'insurance list for the venue' }],
  anonymisedActivities: 2,
  anonymisedPlayers: 640,
  deletions: 5,
  requests: { received: 9, answeredInTime: 7, late: 1, open: 1 },
};

describe('compliance audit', { timeout: 20_000 }, () => {
  const [thisYear, lastYear] = auditYears();

  it('en: shows the year’s figures and downloads the PDF of that year', async () => {
    await i18n.changeLanguage('en');
    serveGets({ '/api/admin/privacy/audit/': (): unknown => ({ data: { ...report, year: thisYear } }) });
    wrap(<AuditReportPage />);
    expect(await screen.findByRole('heading', { name: `Compliance audit ${thisYear}` })).toBeTruthy();
    const figures = await screen.findByLabelText('Summary');
    const figure = (label: string) => within(figures).getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(figure("Children's (under 14) records collected in the year")).toBe('1,234');
    expect(figure('Guardian consents: waiting for the guardian')).toBe('30');
    expect(figure("Views of a child's full ID number")).toBe('17');
    expect(figure('Requests answered late or overdue')).toBe('1');
    expect(screen.getByText('insurance list for the venue').closest('tr')!.textContent).toContain('Players');
    expect(http.get).toHaveBeenCalledWith(`/api/admin/privacy/audit/${thisYear}`, expect.anything());

    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    http.get.mockResolvedValueOnce(pdf);
    await click(screen.getByRole('button', { name: /Download PDF/ }));
    expect(http.get).toHaveBeenLastCalledWith(`/api/admin/privacy/audit/${thisYear}/file`, {
      query: { format: 'pdf' },
      responseType: 'blob',
      timeoutMs: 120_000,
      silent: true,
    });
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(pdf, `compliance-audit-${thisYear}.pdf`));
  });

  it('zh: another year picked from the address, its spreadsheet downloaded; a failed download said in words', async () => {
    await i18n.changeLanguage('zh');
    serveGets({ '/api/admin/privacy/audit/': (): unknown => ({ data: { ...report, year: lastYear } }) });
    wrap(<AuditReportPage />, `/?year=${lastYear}`);
    expect(await screen.findByRole('heading', { name: `${lastYear} 年度合规审计` })).toBeTruthy();
    expect(await screen.findByText('当年新收集的未满 14 周岁儿童记录')).toBeTruthy();
    expect(screen.getByText('insurance list for the venue').closest('tr')!.textContent).toContain('选手');
    http.get.mockRejectedValueOnce(new ApiError('服务器繁忙，请稍后再试', 'http', 503, 'DB_BUSY'));
    await click(screen.getByRole('button', { name: /下载表格/ }));
    expect(http.get).toHaveBeenLastCalledWith(`/api/admin/privacy/audit/${lastYear}/file`, expect.objectContaining({ query: { format: 'xlsx' } }));
    expect(await screen.findByText('服务器繁忙，请稍后再试')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    const xlsx = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    http.get.mockResolvedValueOnce(xlsx);
    await click(screen.getByRole('button', { name: /下载表格/ }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalledWith(xlsx, `合规审计-${lastYear}.xlsx`));
  });
});
