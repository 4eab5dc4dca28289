import { describe, expect, it } from 'vitest';
import { accessResources } from './access';
import { awardResources } from './awards';
import { contentResources } from './content';
import { resourceLabel } from './labels';
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

  it('no label speaks fen or per mille (staff read yuan and percentages)', () => {
    for (const def of ALL)
      for (const f of def.fields)
        for (const lang of ['zh', 'en'] as const) expect(resourceLabel(lang, `admin:fields.${def.name}.${f.name}`)).not.toMatch(/fen\)|（分）|‰/);
  });
});
