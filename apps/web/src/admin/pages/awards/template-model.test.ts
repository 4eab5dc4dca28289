import { describe, expect, it } from 'vitest';
import { TEMPLATE_FIELD_KEYS, TEMPLATE_REQUIRED, templateBody } from '@rp/shared';
import { FIELD_KEYS, REQUIRED, parseTeamNumbers, starterFields } from './template-model';

describe('template editor model', () => {
  it('places the same fields and requires the same ones as the server', () => {
    expect([...FIELD_KEYS]).toEqual([...TEMPLATE_FIELD_KEYS]);
    expect(REQUIRED).toEqual(TEMPLATE_REQUIRED);
  });

  it("a starter layout holds every required field of each kind, inside the picture, and passes the server's schema", () => {
    for (const kind of ['team', 'player', 'leader', 'volunteer'] as const) {
      for (const [w, h] of [
        [1600, 1131],
        [800, 1200],
        [300, 200],
      ] as const) {
        const fields = starterFields(kind, w, h);
        expect(fields.map((f) => f.key).sort()).toEqual([...REQUIRED[kind]].sort());
        for (const f of fields) {
          expect(f.x).toBeLessThanOrEqual(w);
          expect(f.y).toBeLessThanOrEqual(h);
          if (f.key === 'qr') expect(f.x + f.size).toBeLessThanOrEqual(w);
        }
        expect(templateBody.safeParse({ activityId: 1, kind, background: 'k', fields }).success).toBe(true);
      }
    }
  });

  it('reads team numbers typed or pasted one per line or separated by commas, spaces or Chinese punctuation, each once', () => {
    expect(parseTeamNumbers('568-0001\n568-0002, 568-0003;568-0001 \uFF0C568-0004\u3001568-0005\n\n')).toEqual([
      '568-0001',
      '568-0002',
      '568-0003',
      '568-0004',
      '568-0005',
    ]);
    expect(parseTeamNumbers('  ')).toEqual([]);
  });
});
