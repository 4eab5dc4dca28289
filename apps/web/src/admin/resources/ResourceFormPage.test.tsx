import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, Form, type FormInstance } from 'antd';
import { createRef, forwardRef, useImperativeHandle } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@rp/shared';
import i18n, { preloadAllNamespaces } from '../../lib/i18n';
import { setUser } from '../../lib/session';
import { FieldItems } from './inputs';
import { editableFields, fieldLabelKey, formValuesOf, isEditable, toRequestBody, wireNamesOf, type Row } from './model';
import { RESOURCES, type FieldDef, type ResourceDef } from './registry';
import { sampleValue } from './field-samples';
import { stubAntdDom } from '../../test/antd-dom';
import { fakeApi } from '../../test/shared-state';

// The HTTP client is the seam: the form loads its row and saves through resources/api.ts as in the app.
const http = fakeApi({
  get: vi.fn(async (_path: string, _o?: unknown): Promise<unknown> => ({ content: [] })),
  post: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  put: vi.fn(async (_path: string, _body?: unknown, _o?: unknown): Promise<unknown> => ({})),
  delete: vi.fn(),
});

// antd forms render slowly when the whole suite shares two cores
configure({ asyncUtilTimeout: 10_000 });

const { default: ResourceFormPage, loader } = await import('./ResourceFormPage');

const booleansOf = (def: ResourceDef) => editableFields(def).filter((f) => f.kind === 'boolean');
const WITH_BOOLEANS = RESOURCES.filter((d) => isEditable(d) && booleansOf(d).length > 0);

function storedRow(def: ResourceDef, saved: (f: FieldDef, i: number) => boolean): Row {
  const row: Row = {};
  for (const f of def.fields) for (const n of wireNamesOf(f)) row[n] = sampleValue(f);
  row.id = 5;
  booleansOf(def).forEach((f, i) => (row[f.name] = saved(f, i)));
  return row;
}

async function openForm(def: ResourceDef, row: Row) {
  http.get.mockImplementation(async (path: string) => (path === `/api/admin/${def.name}/5` ? { data: row } : { content: [] }));
  http.put.mockImplementation(async (_path: string, body?: unknown) => ({ resultCode: 1, resultStr: 'ok', data: { ...row, ...(body as Row) } }));
  const router = createMemoryRouter([{ path: '/admin/r/:resource/:id', loader, Component: ResourceFormPage }], {
    initialEntries: [`/admin/r/${def.name}/5`],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  // the save button appears once the row has loaded: waited for by its text (a role query computes every
  // element's style in jsdom, seconds a try on a whole form), then found once by its role and name
  await screen.findAllByText(i18n.t('common:actions.save'));
  return screen.getByRole('button', { name: new RegExp(i18n.t('common:actions.save')) });
}

/** The switch of a field, found by its visible label (so the label is tied to the control too). */
const switchOf = (def: ResourceDef, f: FieldDef) => screen.getByRole('switch', { name: i18n.t(fieldLabelKey(def, f)) });

async function save(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  stubAntdDom();
  await preloadAllNamespaces();
  // a member of staff who may edit every resource
  setUser({ id: 1, permissions: [...new Set(RESOURCES.map((d) => d.write))] } as unknown as User);
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The form's switches alone, as ResourceForm lays them out (FieldItems, the row's values as initial values). */
const Switches = forwardRef<FormInstance<Row>, { def: ResourceDef; row: Row }>(function Switches({ def, row }, ref) {
  const [form] = Form.useForm<Row>();
  useImperativeHandle(ref, () => form, [form]);
  return (
    <Form form={form} initialValues={formValuesOf(def, row)}>
      {booleansOf(def).map((f) => (
        <FieldItems key={f.name} def={def} field={f} previews={{}} setPreview={() => undefined} />
      ))}
    </Form>
  );
});

function mountSwitches(def: ResourceDef, row: Row) {
  const ref = createRef<FormInstance<Row>>();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Switches ref={ref} def={def} row={row} />
    </QueryClientProvider>,
  );
  // what ResourceForm's onFinish sends for these values
  return () => toRequestBody(def, ref.current!.getFieldsValue(true) as Row, row);
}

const checked = (control: HTMLElement) => control.getAttribute('aria-checked');

describe('every switch of every resource shows its saved value and saves both ways (issue 34)', () => {
  it('the walk covers the resources with switches (tickets, activities, sessions, bank accounts, …)', () => {
    expect(WITH_BOOLEANS.map((d) => d.name)).toEqual(expect.arrayContaining(['tickets', 'activities', 'sessions', 'bankAccounts', 'consoles', 'awards']));
  });

  // alternating saved values, then the opposite pattern in the other language: every switch is seen on and off,
  // found by its label in Chinese and in English
  for (const def of WITH_BOOLEANS)
    for (const [pattern, lang] of [
      [0, 'zh'],
      [1, 'en'],
    ] as const)
      it(`${def.name} in ${lang}: each switch shows the saved value; a click on each sends exactly the opposite, two clicks nothing`, async () => {
        await i18n.changeLanguage(lang);
        const saved = (_f: FieldDef, i: number) => i % 2 === pattern;
        const row = storedRow(def, saved);
        const body = mountSwitches(def, row);
        const fields = booleansOf(def);
        // each switch found once by its label (a role query walks the whole form's styles in jsdom); the same
        // element shows every later state
        const switches = fields.map((f) => switchOf(def, f));
        fields.forEach((f, i) => expect(checked(switches[i]!), f.name).toBe(String(saved(f, i))));
        expect(body()).toEqual({});

        for (const control of switches) fireEvent.click(control);
        fields.forEach((f, i) => expect(checked(switches[i]!), f.name).toBe(String(!saved(f, i))));
        expect(body()).toEqual(Object.fromEntries(fields.map((f, i) => [f.name, !saved(f, i)])));

        for (const control of switches) fireEvent.click(control);
        fields.forEach((f, i) => expect(checked(switches[i]!), f.name).toBe(String(saved(f, i))));
        expect(body()).toEqual({});
      }, 30_000); // the first form pulls antd cold (was 60 s with a role query per look: activities 124 s → 22 s on a loaded machine)
});

describe('the whole form page (issue 34: Tickets → Edit "Workshop place")', () => {
  it('a ticket listed as enabled shows on; switched off and saved, the PUT says enabled: false', async () => {
    await i18n.changeLanguage('en');
    const def = RESOURCES.find((d) => d.name === 'tickets')!;
    const enabled = def.fields.find((f) => f.name === 'enabled')!;
    const saveButton = await openForm(def, { ...storedRow(def, () => true), nameEn: 'Workshop place' });
    const control = switchOf(def, enabled);
    expect(checked(control)).toBe('true');
    fireEvent.click(control);
    expect(checked(control)).toBe('false');
    await save(saveButton);
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(1));
    expect(http.put.mock.calls[0]!.slice(0, 2)).toEqual([`/api/admin/tickets/5`, { enabled: false }]);
  }, 60_000); // the whole form (was 120 s while its wait polled role queries; still over 30 s on a machine shared by eight runs)
});
