import { describe, expect, it } from 'vitest';
import {
  accessResources,
  awardResources,
  contentResources,
  paymentResources,
  peopleResources,
  registrationResources,
  seasonResources,
  ticketResources,
  wireNames,
  type FieldDef,
  type ResourceDef,
} from '@rp/shared/resources/index';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { makeImage, multipart } from '../../test/images';

/**
 * Issue 35: "every creatable resource, every field, saved and read back" — the server half of what the admin-save
 * journey did for every resource through the browser (the form half is ResourceFormPage.save.test.tsx in jsdom).
 * Each creatable resource is created through POST /api/admin/<name> with every editable field set (references to
 * the rows created before it, real uploads for pictures and files), read back through GET, then edited (one text
 * column changed) and read back again. The browser journey keeps one resource per field kind and layout.
 */
const t = useTestApp();

const ALL: readonly ResourceDef[] = [
  ...contentResources,
  ...registrationResources,
  ...paymentResources,
  ...ticketResources,
  ...peopleResources,
  ...awardResources,
  ...seasonResources,
  ...accessResources,
];
const CREATABLE = ALL.filter((d) => d.creatable !== false);

const editable = (def: ResourceDef) => def.fields.filter((f) => !f.readOnly);

/**
 * Required references first: a resource comes after every resource its required fields refer to. An optional
 * reference to a resource made later (an activity's bank account, whose account names its activity) is set by a
 * second save once that row exists.
 */
function creationOrder(defs: ResourceDef[]): ResourceDef[] {
  const out: ResourceDef[] = [];
  const visit = (d: ResourceDef, path: string[]) => {
    if (out.includes(d)) return;
    if (path.includes(d.name)) throw new Error(`reference cycle: ${[...path, d.name].join(' → ')}`);
    for (const f of editable(d))
      if (f.kind === 'ref' && f.required && f.ref !== d.name)
        visit(
          defs.find((x) => x.name === f.ref)!,
          [...path, d.name],
        );
    out.push(d);
  };
  for (const d of defs) visit(d, []);
  return out;
}

const DATES: Record<string, string> = {
  signUpBegin: '2026-03-01T09:00:00+08:00',
  signUpEnd: '2026-04-01T18:00:00+08:00',
  beginTime: '2026-05-01T09:00:00+08:00',
  finishTime: '2026-05-03T18:00:00+08:00',
  entryTime: '2026-05-01T08:00:00+08:00',
  startTime: '2026-05-01T09:00:00+08:00',
  endTime: '2026-05-01T17:00:00+08:00',
  saleStart: '2026-03-01T09:00:00+08:00',
  saleEnd: '2026-04-30T18:00:00+08:00',
};
const INTS: Record<string, number> = { year: 2026, minAge: 8, maxAge: 16, maxMembers: 4, playerLimit: 300, sort: 7, retentionDays: 200 };
const TEXTS: Record<string, string> = { url: 'https://example.org/partner', watermark: 'WM', dictName: 'save_dict', key: 'save.key', code: 'SAVE01' };

function textOf(def: ResourceDef, f: FieldDef, wire: string): string {
  const base = TEXTS[f.name] ?? (wire.endsWith('En') ? `Saved ${def.name} ${f.name}` : wire.endsWith('Zh') ? `保存 ${def.name} ${f.name}` : `saved-${f.name}`);
  return f.max ? base.slice(0, f.max) : base;
}

describe('every creatable admin resource saves every field and reads it back (issue 35: the server half of admin-save)', () => {
  it('the resources, in reference order: created with every field, read back equal, edited, read back changed', async () => {
    const { app, database } = t();
    const admin = await buildUser(database.db, { roles: ['admin'] });
    const h = await loginAs(app, admin.username, admin.password);
    const upload = async (kind: 'image' | 'file', name: string) => {
      const m =
        kind === 'image'
          ? multipart([{ name: 'file', filename: `${name}.png`, data: await makeImage('png', 40, 30), contentType: 'image/png' }])
          : multipart([
              { name: 'file', filename: `${name}.pdf`, data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), contentType: 'application/pdf' },
            ]);
      const r = await app.inject({ method: 'POST', url: `/api/admin/uploads?kind=${kind}`, headers: { ...h, ...m.headers }, payload: m.payload });
      expect(r.statusCode, `${name}: ${r.body}`).toBe(200);
      return r.json().data.key as string;
    };

    const ids = new Map<string, number>();
    const bodies = new Map<string, Record<string, unknown>>();
    const later: { def: ResourceDef; wire: string; ref: string }[] = [];
    const saved: string[] = [];
    const readBack = async (def: ResourceDef) => {
      const r = await app.inject({ method: 'GET', url: `/api/admin/${def.name}/${ids.get(def.name)}`, headers: h });
      expect(r.statusCode, def.name).toBe(200);
      return r.json().data as Record<string, unknown>;
    };
    for (const def of creationOrder(CREATABLE)) {
      const body: Record<string, unknown> = {};
      for (const f of editable(def)) {
        for (const wire of wireNames(f)) {
          switch (f.kind) {
            case 'text':
            case 'textarea':
              body[wire] = textOf(def, f, wire);
              break;
            case 'richText':
              body[wire] = wire.endsWith('En')
                ? '<h2>Heading</h2><p>Body with <strong>bold words</strong></p>'
                : '<h2>标题</h2><p>正文，含<strong>加粗文字</strong></p>';
              break;
            case 'int':
              body[wire] = INTS[f.name] ?? Math.max(f.min ?? 0, 1);
              break;
            case 'money':
              body[wire] = 8000;
              break;
            case 'permille':
              body[wire] = 800;
              break;
            case 'boolean':
              body[wire] = !(f.default ?? false);
              break;
            case 'datetime':
              body[wire] = DATES[f.name] ?? '2026-01-15T10:00:00+08:00';
              break;
            case 'enum':
              body[wire] = f.options![f.options!.length - 1]!.value;
              break;
            case 'ref':
              // a resource referring to itself (a department's parent) takes none: the first row has no parent
              if (ids.has(f.ref!)) body[wire] = ids.get(f.ref!)!;
              else if (f.ref !== def.name) later.push({ def, wire, ref: f.ref! });
              break;
            case 'image':
            case 'file':
              body[wire] = await upload(f.kind, `${def.name}-${f.name}`);
              break;
          }
        }
      }
      const created = await app.inject({ method: 'POST', url: `/api/admin/${def.name}`, headers: h, payload: body });
      expect(created.statusCode, `${def.name}: ${created.body}`).toBe(200);
      const id = created.json().data.id as number;
      ids.set(def.name, id);
      bodies.set(def.name, body);
      const row = await readBack(def);
      for (const [wire, sent] of Object.entries(body)) {
        const f = editable(def).find((x) => wireNames(x).includes(wire))!;
        if (f.kind === 'datetime') expect(Date.parse(String(row[wire])), `${def.name}.${wire}`).toBe(Date.parse(String(sent)));
        else expect(row[wire], `${def.name}.${wire}`).toEqual(sent);
      }

      if (def.editable !== false) {
        const f = editable(def).find((x) => x.kind === 'text' && !TEXTS[x.name])!;
        const wire = wireNames(f).at(-1)!;
        const changed = `${String(body[wire]).slice(0, (f.max ?? 60) - 8)} edited`;
        const put = await app.inject({ method: 'PUT', url: `/api/admin/${def.name}/${id}`, headers: h, payload: { ...body, [wire]: changed } });
        expect(put.statusCode, `${def.name} edit: ${put.body}`).toBe(200);
        expect((await readBack(def))[wire], `${def.name}.${wire} edited`).toBe(changed);
        bodies.set(def.name, { ...body, [wire]: changed });
      }
      saved.push(def.name);
    }
    // the optional references to rows made later
    expect(later.map((l) => `${l.def.name}.${l.wire}`)).toEqual(['activities.paymentAccountId']);
    for (const { def, wire, ref } of later) {
      const put = await app.inject({
        method: 'PUT',
        url: `/api/admin/${def.name}/${ids.get(def.name)}`,
        headers: h,
        payload: { ...bodies.get(def.name), [wire]: ids.get(ref) },
      });
      expect(put.statusCode, `${def.name}.${wire}: ${put.body}`).toBe(200);
      expect((await readBack(def))[wire], `${def.name}.${wire}`).toBe(ids.get(ref));
    }
    expect(saved.sort()).toEqual(CREATABLE.map((d) => d.name).sort());
  });
});
