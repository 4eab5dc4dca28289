import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchNewLines, LINES_KEPT } from './api';

const fetchMock = vi.fn<typeof fetch>();
const line = (id: number, mine = true) => ({
  id,
  mine,
  type: mine ? 1 : 2,
  title: mine ? 'Online consultation' : 'Reply from the organisers',
  content: `l${id}`,
  createdAt: '2026-11-24T08:00:00.000Z',
  publish: { nickName: 'x' },
});
const json = (body: unknown) => new Response(JSON.stringify({ resultCode: 1, resultStr: 'ok', ...(body as object) }), { status: 200 });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the widget’s poll (issue 12: nothing is sent back when nothing is new)', () => {
  it('asks with the conversation’s ETag and keeps what it has on a 304', async () => {
    fetchMock.mockResolvedValueOnce(json({ content: [line(1), line(2, false)], lastId: 2 }));
    const first = await fetchNewLines(undefined);
    expect(first).toEqual({ lastId: 2, lines: [line(1), line(2, false)] });
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('if-none-match')).toBeNull();

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    const same = await fetchNewLines(first);
    expect(same).toBe(first);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(String(url)).toContain('after=2');
    // spec 7.8: the list takes its numeric parameters (page and size; type and status left to the server's "all")
    expect(String(url)).toMatch(/page=0/);
    expect(String(url)).toMatch(/size=100/);
    expect(new Headers(init!.headers).get('if-none-match')).toBe('W/"c2"');
  });

  it('appends what is new and keeps the last 100 lines', async () => {
    const prev = { lastId: LINES_KEPT, lines: Array.from({ length: LINES_KEPT }, (_, i) => line(i + 1)) };
    fetchMock.mockResolvedValueOnce(json({ content: [line(101, false)], lastId: 101 }));
    const next = await fetchNewLines(prev);
    expect(next.lastId).toBe(101);
    expect(next.lines).toHaveLength(LINES_KEPT);
    expect(next.lines.at(-1)).toEqual(line(101, false));
    expect(next.lines[0]!.id).toBe(2);
  });
});
