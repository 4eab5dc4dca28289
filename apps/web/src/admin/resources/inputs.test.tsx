import { Form, type FormInstance } from 'antd';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRef, forwardRef, useImperativeHandle } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FieldItems } from './inputs';
import { FieldCell } from './cells';
import { editableFields, toRequestBody, wireNamesOf, type Row } from './model';
import { RESOURCES, type ResourceDef } from './registry';
import { sampleValue } from './field-samples';
import { stubAntdDom } from '../../test/antd-dom';

const Harness = forwardRef<FormInstance<Row>, { def: ResourceDef; values: Row }>(function Harness({ def, values }, ref) {
  const [form] = Form.useForm<Row>();
  useImperativeHandle(ref, () => form, [form]);
  return (
    <Form form={form} initialValues={values}>
      {editableFields(def).map((f) => (
        <FieldItems key={f.name} def={def} field={f} previews={{}} setPreview={() => undefined} />
      ))}
    </Form>
  );
});

function mount(def: ResourceDef, values: Row) {
  const ref = createRef<FormInstance<Row>>();
  // Ref selects load their options; nothing answers here, the value is what is validated.
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness ref={ref} def={def} values={values} />
    </QueryClientProvider>,
  );
  return ref.current!;
}

// jsdom lacks what antd's responsive grid and text areas observe.
beforeAll(stubAntdDom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin resource form rules (real antd validation)', () => {
  // Regression: numbers and references ("Year", "maximum members", "activity", "parent gallery") were
  // refused as "required" while showing a value, because the required rule was typed as a string.
  for (const def of RESOURCES.filter((d) => d.creatable !== false)) {
    it(`${def.name}: every required field with a value of its own type passes`, async () => {
      const values: Row = {};
      for (const f of editableFields(def)) for (const n of wireNamesOf(f)) values[n] = sampleValue(f);
      const form = mount(def, values);
      await expect(form.validateFields()).resolves.toBeTruthy();
    }, 20_000); // the first form pulls antd (and the lazy editor) cold: slow on a busy machine
  }

  it('still refuses an empty required number, reference and blank text', async () => {
    const def = RESOURCES.find((d) => d.name === 'programs')!;
    const form = mount(def, { nameZh: '   ', maxMembers: null, activityId: null });
    const err = (await form.validateFields().catch((e: unknown) => e)) as { errorFields: { name: string[] }[] };
    expect(err.errorFields.map((f) => f.name[0]).sort()).toEqual(['activityId', 'maxMembers', 'nameZh']);
  });
});

describe('money and ratios as people say them (issue 24)', () => {
  it('a ticket price typed as 80 (yuan) is sent as 8000 fen, and the form says yuan', async () => {
    const def = RESOURCES.find((d) => d.name === 'tickets')!;
    const form = mount(def, {});
    const input = document.getElementById('priceFen') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.blur(input);
    await waitFor(() => expect(form.getFieldValue('priceFen')).toBe(8000));
    expect(toRequestBody(def, form.getFieldsValue(true) as Row)).toMatchObject({ priceFen: 8000 });
    // a loaded 19.99 yuan price shows as 19.99, never as fen
    form.setFieldsValue({ priceFen: 1999 });
    await waitFor(() => expect((document.getElementById('priceFen') as HTMLInputElement).value).toBe('19.99'));
    expect(screen.getAllByText('¥').length).toBeGreaterThan(0);
  });

  it('a channel rebate typed as 8 (%) is sent as 80 per mille', async () => {
    const def = RESOURCES.find((d) => d.name === 'channels')!;
    const form = mount(def, {});
    const input = document.getElementById('rebatePerMille') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '8' } });
    fireEvent.blur(input);
    await waitFor(() => expect(form.getFieldValue('rebatePerMille')).toBe(80));
  });

  it('list cells show yuan with two decimals and percentages', () => {
    const tickets = RESOURCES.find((d) => d.name === 'tickets')!;
    const channels = RESOURCES.find((d) => d.name === 'channels')!;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FieldCell field={tickets.fields.find((f) => f.name === 'priceFen')!} row={{ priceFen: 8000 }} />
        <FieldCell field={channels.fields.find((f) => f.name === 'rebatePerMille')!} row={{ rebatePerMille: 800 }} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('¥80.00')).toBeTruthy();
    expect(screen.getByText('80%')).toBeTruthy();
  });
});
