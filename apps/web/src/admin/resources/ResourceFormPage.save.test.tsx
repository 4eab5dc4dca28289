import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@rp/shared';
import i18n, { preloadAllNamespaces } from '../../lib/i18n';
import { setUser } from '../../lib/session';
import { datetimeValue, editableFields, fieldLabelKey, wireNamesOf, type Row } from './model';
import { RESOURCES, type FieldDef, type ResourceDef } from './registry';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

/**
 * Issue 35: "every resource, every field, saved" moved here from the admin-save journey. Each creatable
 * resource's "new" form is filled field by field as staff do it (typing, choosing from selects, switching,
 * uploading, the rich text's HTML), in Chinese and in English, and saved: the POST carries exactly the
 * body below, every editable wire name with the value typed (money in fen, percentages per mille, dates
 * with their offset, references as ids, uploads as storage keys). The browser journey keeps one resource
 * per field kind and layout; the server's save-bodies test posts these bodies and reads them back.
 */

// The HTTP client is the seam: pickers load and the form uploads and saves through resources/api.ts.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(),
  delete: vi.fn(),
});

configure({ asyncUtilTimeout: 10_000 });
const { default: ResourceFormPage, loader } = await import('./ResourceFormPage');

type Lang = 'zh' | 'en';
const CREATABLE = RESOURCES.filter((d) => d.creatable !== false);

/** The row every reference offers: its id, its name in both languages, and the value a dependent select filters on. */
const REF_ID = 41;
const refRow = (def: ResourceDef): Row => ({
  id: REF_ID,
  nameZh: '引用行',
  nameEn: 'Referenced row',
  ...Object.fromEntries(def.fields.filter((f) => f.dependsOn).map((f) => [f.dependsOn!, REF_ID])),
});
const uploadKey = (kind: string, name: string) => `uploads/${kind}/${name}`;

/** Datetimes that satisfy every ordering rule (as the journey types them). */
const DATES: Record<string, string> = {
  signUpBegin: '2026-03-01 09:00',
  signUpEnd: '2026-04-01 18:00',
  beginTime: '2026-05-01 09:00',
  finishTime: '2026-05-03 18:00',
  entryTime: '2026-05-01 08:00',
  startTime: '2026-05-01 09:00',
  endTime: '2026-05-01 17:00',
  saleStart: '2026-03-01 09:00',
  saleEnd: '2026-04-30 18:00',
};
const INTS: Record<string, number> = { year: 2026, minAge: 8, maxAge: 16, maxMembers: 4, playerLimit: 300, sort: 7 };
const TEXTS: Record<string, string> = { url: 'https://example.org/partner', watermark: 'WM', dictName: 'jsdom_dict' };

const textOf = (def: ResourceDef, f: FieldDef, wire: string) => {
  const base = TEXTS[f.name] ?? (wire.endsWith('En') ? `Saved ${def.name} ${f.name}` : wire.endsWith('Zh') ? `保存 ${def.name} ${f.name}` : `saved-${f.name}`);
  return f.max ? base.slice(0, f.max) : base;
};
const richTextOf = (wire: string) =>
  wire.endsWith('En')
    ? '<h2>Heading</h2><p>Body with <strong>bold words</strong></p><ul><li><p>first point</p></li></ul>'
    : '<h2>标题</h2><p>正文，含<strong>加粗文字</strong></p>';
const intOf = (f: FieldDef) => INTS[f.name] ?? Math.max(f.min ?? 0, 1);
const dateOf = (f: FieldDef) => DATES[f.name] ?? '2026-01-15 10:00';
const lastOption = (f: FieldDef) => f.options![f.options!.length - 1]!;

/** What the POST carries for one wire name once its field is filled as fill() does. */
function wireValue(def: ResourceDef, f: FieldDef, wire: string): unknown {
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return textOf(def, f, wire);
    case 'richText':
      return richTextOf(wire);
    case 'int':
      return intOf(f);
    case 'money': // typed 80 (yuan) → fen
      return 8000;
    case 'permille': // typed 80 (%) → per mille
      return 800;
    case 'boolean':
      return !(f.default ?? false);
    case 'datetime':
      return datetimeValue(f, dayjs(dateOf(f), 'YYYY-MM-DD HH:mm').format());
    case 'enum':
      return lastOption(f).value;
    case 'ref':
      return REF_ID;
    case 'image':
    case 'file':
      return uploadKey(f.kind, `${def.name}-${f.name}`);
  }
}

function expectedBody(def: ResourceDef): Row {
  return Object.fromEntries(editableFields(def).flatMap((f) => wireNamesOf(f).map((n) => [n, wireValue(def, f, n)])));
}

function labelOf(def: ResourceDef, f: FieldDef, wire: string): string {
  const label = i18n.t(fieldLabelKey(def, f));
  if (!f.i18n) return label;
  return i18n.t('admin:form.langLabel', { label, lang: i18n.t(`admin:form.lang.${wire.endsWith('En') ? 'en' : 'zh'}`) });
}

const byId = (id: string) => document.getElementById(id)!;

/**
 * The control of a wire name, found by the id its Form.Item gives it and checked against its visible label
 * (a label query walks every label of a long form in jsdom: seconds a field on a busy machine).
 */
function control(def: ResourceDef, f: FieldDef, wire: string): HTMLElement {
  const el = byId(wire);
  expect(el, wire).toBeTruthy();
  expect(document.querySelector(`label[for="${wire}"]`)?.textContent, wire).toBe(labelOf(def, f, wire));
  return el;
}

/** Opens a select and clicks the option with this title (in this select's own list, once its rows have come). */
async function choose(id: string, title: string) {
  await act(async () => {
    fireEvent.mouseDown(byId(id));
  });
  const option = await vi.waitFor(
    () => {
      const options = [...document.querySelectorAll(`[id="${id}_list"] ~ div .ant-select-item-option`)];
      const found = options.find((o) => o.getAttribute('title') === title);
      expect(found, `${id}: option "${title}" among ${options.map((o) => o.getAttribute('title')).join(', ')}`).toBeTruthy();
      return found!;
    },
    { timeout: 10_000 },
  );
  await act(async () => {
    fireEvent.click(option);
  });
}

/** Fills one wire name of a field as a person does (its control checked against its visible label). */
async function fill(def: ResourceDef, f: FieldDef, wire: string) {
  // the editor is a lazy chunk: its area (with the field's id) appears once it has loaded
  if (f.kind === 'richText') await vi.waitFor(() => expect(document.getElementById(wire)).toBeTruthy(), { timeout: 20_000 });
  const input = control(def, f, wire);
  switch (f.kind) {
    case 'text':
    case 'textarea':
      fireEvent.change(input, { target: { value: textOf(def, f, wire) } });
      return;
    case 'int':
    case 'money':
    case 'permille':
      fireEvent.change(input, { target: { value: String(f.kind === 'int' ? intOf(f) : 80) } });
      fireEvent.blur(input);
      return;
    case 'boolean':
      fireEvent.click(input);
      return;
    case 'datetime':
      await act(async () => {
        fireEvent.change(input, { target: { value: dateOf(f) } });
        fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
        fireEvent.blur(input);
      });
      return;
    case 'enum':
      await choose(wire, i18n.t(lastOption(f).labelKey));
      return;
    case 'ref':
      await choose(wire, `${i18n.language === 'en' ? 'Referenced row' : '引用行'} (#${REF_ID})`);
      return;
    case 'image':
    case 'file': {
      const picker = input.closest('.ant-upload')!.querySelector('input[type="file"]')!;
      const file = new File(['x'], `${def.name}-${f.name}.${f.kind === 'image' ? 'png' : 'pdf'}`, {
        type: f.kind === 'image' ? 'image/png' : 'application/pdf',
      });
      await act(async () => {
        fireEvent.change(picker, { target: { files: [file] } });
      });
      return;
    }
    case 'richText': {
      const label = labelOf(def, f, wire);
      const toolbar = document.querySelector(`[role="toolbar"][aria-label="${i18n.t('admin:editor.toolbar', { label })}"]`)!;
      fireEvent.click(toolbar.querySelector(`[aria-label="${i18n.t('admin:editor.source')}"]`)!);
      const source = document.querySelector(`textarea[aria-label="${i18n.t('admin:editor.sourceLabel', { label })}"]`)!;
      fireEvent.change(source, { target: { value: richTextOf(wire) } });
      return;
    }
  }
}

function openNew(def: ResourceDef) {
  http.get.mockImplementation(async (path: string) => {
    const target = /^\/api\/admin\/(?:options\/)?(\w+)$/.exec(path)?.[1];
    const ref = target && RESOURCES.find((d) => d.name === target);
    return { content: ref ? [refRow(def)] : [] };
  });
  http.post.mockImplementation(async (path: string, body?: unknown, o?: unknown) => {
    if (path === '/api/admin/uploads') {
      const kind = (o as { query: { kind: string } }).query.kind;
      const file = (body as FormData).get('file') as File;
      const stem = file.name.replace(/\.\w+$/, '');
      return { data: { key: uploadKey(kind, stem), url: `/files/${stem}`, fileName: file.name } };
    }
    return { resultCode: 1, resultStr: 'ok', data: { id: 99, ...(body as Row) } };
  });
  const router = createMemoryRouter(
    [
      { path: '/admin/r/:resource/new', loader, Component: ResourceFormPage },
      { path: '/admin/r/:resource/:id', Component: () => null },
    ],
    { initialEntries: [`/admin/r/${def.name}/new`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {/* no animations: the same controls, less work for jsdom */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  await preloadAllNamespaces();
  // jsdom lays nothing out, yet resolves the cascade of antd's forty-odd injected stylesheets on every
  // getComputedStyle (popup alignment of each select and date picker: ~40 ms CPU a call, most of this file's
  // time); the element's own inline style is what such a read can tell here anyway
  window.getComputedStyle = (el: Element) => (el as HTMLElement).style;
  setUser({ id: 1, permissions: [...new Set(RESOURCES.map((d) => d.write))] } as unknown as User);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return Math.round((d.user + d.system) / 1000);
};

const CASES = CREATABLE.flatMap((def) => (['zh', 'en'] as const).map((lang) => [def.name, lang, def] as const));

describe('every creatable resource, every field filled through its form, saves exactly what was typed (issue 35)', () => {
  it.each(CASES)(
    '%s in %s',
    async (_name, lang: Lang, def) => {
      await i18n.changeLanguage(lang);
      openNew(def);
      const t0 = process.cpuUsage();
      await screen.findAllByText(i18n.t('common:actions.save'));
      if (process.env.SAVE_TIMING) console.log(`${def.name} rendered ${cpuMs(t0)} ms CPU`);
      for (const f of editableFields(def))
        for (const wire of wireNamesOf(f)) {
          const t0 = process.cpuUsage();
          await fill(def, f, wire);
          if (process.env.SAVE_TIMING) console.log(`${def.name}.${wire} (${f.kind}) ${cpuMs(t0)} ms CPU`);
        }
      await act(async () => {
        fireEvent.click(screen.getByText(i18n.t('common:actions.save')).closest('button')!);
      });
      await vi.waitFor(() => expect(http.post).toHaveBeenCalledWith(`/api/admin/${def.name}`, expect.anything(), expect.anything()));
      const saves = http.post.mock.calls.filter((c) => c[0] === `/api/admin/${def.name}`);
      expect(saves).toHaveLength(1);
      expect(saves[0]![1]).toEqual(expectedBody(def));
    },
    60_000,
  );
});
