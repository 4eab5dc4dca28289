import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberListResponse, type MemberItem } from '@rp/shared';
import { fastSerializerCompiler } from './fast-serializer';

const member = (id: number): MemberItem => ({
  id,
  activityId: 7,
  name: `Player ${id}`,
  payStatus: 3,
  team: { id: 4, name: 'Team "A"\n', status: 2 },
  program: { id: 1, name: 'Creativity', type: 0, maximum: 5 },
  plan: null,
  clothes: null,
  cardType: 0,
  card: '110***********123X',
  birth: 20110505,
  birthDay: '2011-05-05',
  age: 15,
  gender: 'M',
  emerName: 'Parent',
  emerPhone: '13800138000',
  region: '86',
  school: '',
  code: null,
  headImg: null,
  reviewReason: null,
  consent: 'notNeeded',
});
const page = (content: unknown[]) => ({ resultCode: 1, resultStr: 'ok', content, totalElements: 28, totalPages: 2, number: 0, size: 20 });
const serialize = fastSerializerCompiler({ schema: memberListResponse });

describe('fastSerializerCompiler', () => {
  it("writes the player list exactly as zod's encode and JSON.stringify do", () => {
    const data = page([member(1), member(2)]);
    expect(serialize(data)).toBe(JSON.stringify(z.encode(memberListResponse, data as never)));
  });

  it('leaves out what the schema does not name (an ID number in the clear slipped into a row)', () => {
    const out = JSON.parse(serialize(page([{ ...member(1), cardEnc: 'secret', cardHash: 'h' }])));
    expect(out.content[0]).not.toHaveProperty('cardEnc');
    expect(out.content[0]).not.toHaveProperty('cardHash');
    expect(out.content[0].card).toBe('110***********123X');
  });

  it('throws when a required property is missing', () => {
    const { name: _n, ...nameless } = member(1);
    expect(() => serialize(page([nameless]))).toThrow(/name/);
  });

  it('refuses at compile time a schema JSON Schema cannot say (a transform)', () => {
    expect(() => fastSerializerCompiler({ schema: z.object({ at: z.string().transform((s) => s.length) }) })).toThrow();
  });
});
