import { describe, expect, it } from 'vitest';
import { accessResources } from './access';
import { awardResources } from './awards';
import { contentResources } from './content';
import { AUDIT_FIELDS } from './audit';
import { AUDIT_LABELS, resourceLabel } from './labels';
import { paymentResources } from './payments';
import { peopleResources } from './people';
import { registrationResources } from './registration';
import { seasonResources } from './season';
import { ticketResources } from './tickets';
import type { ResourceDef } from './types';

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

/**
 * One label table for the admin screens and the server's exports and audit trail (issue 24): every
 * resource, field and choice of every definition has its label in both languages.
 */
describe('resource labels', () => {
  it('every resource, field and option has a Chinese and an English label', () => {
    const missing: string[] = [];
    for (const def of ALL) {
      const keys = [
        def.labelKey,
        ...def.fields.map((f) => `admin:fields.${def.name}.${f.name}`),
        ...def.fields.flatMap((f) => (f.options ?? []).map((o) => o.labelKey)),
      ];
      for (const key of keys) for (const lang of ['zh', 'en'] as const) if (!resourceLabel(lang, key)?.trim()) missing.push(`${lang} ${key}`);
    }
    expect(ALL.length).toBeGreaterThanOrEqual(40);
    expect(missing).toEqual([]);
  });

  it('every audit action and every audit-only field and choice has a Chinese and an English label (issue 34)', () => {
    expect(Object.keys(AUDIT_LABELS.en.actions).sort()).toEqual(Object.keys(AUDIT_LABELS.zh.actions).sort());
    const missing: string[] = [];
    for (const lang of ['zh', 'en'] as const)
      for (const [k, v] of Object.entries(AUDIT_LABELS[lang].actions)) if (!v.trim()) missing.push(`${lang} action ${k}`);
    for (const [resource, fields] of Object.entries(AUDIT_FIELDS)) {
      const keys = [...fields.map((f) => `admin:fields.${resource}.${f.name}`), ...fields.flatMap((f) => (f.options ?? []).map((o) => o.labelKey))];
      for (const key of keys) for (const lang of ['zh', 'en'] as const) if (!resourceLabel(lang, key)?.trim()) missing.push(`${lang} ${key}`);
    }
    expect(Object.keys(AUDIT_FIELDS)).toEqual(expect.arrayContaining(['refunds', 'withdrawals', 'invoices', 'players']));
    expect(missing).toEqual([]);
  });

  it('no label speaks fen or per mille (staff read yuan and percentages)', () => {
    for (const def of ALL)
      for (const f of def.fields)
        for (const lang of ['zh', 'en'] as const) expect(resourceLabel(lang, `admin:fields.${def.name}.${f.name}`)).not.toMatch(/fen\)|（分）|‰/);
  });
});
