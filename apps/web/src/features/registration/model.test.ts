import { describe, expect, it } from 'vitest';
import type { MemberItem } from '@rp/shared';
import { teamFixture } from '../../test/team-fixture';
import zh from '../../locales/zh/registration.json';
import en from '../../locales/en/registration.json';
import {
  checkAttachment,
  checkAvatar,
  checkCode,
  checkMember,
  checkTeam,
  codeLocked,
  emptyMember,
  emptyTeam,
  formToMember,
  formToTeam,
  memberToForm,
  orgVerifyKey,
  splitDeletable,
  teamToForm,
} from './model';

const member: MemberItem = {
  id: 5,
  activityId: 600,
  name: 'Li Lei',
  payStatus: 0,
  team: { id: 9, name: 'Sumo A', status: 1 },
  program: { id: 3, name: 'Sumo', type: 0, maximum: 3 },
  plan: { id: 1, name: 'Standard' },
  clothes: null,
  cardType: 1,
  card: 'E12345678',
  birth: 20120304,
  birthDay: null,
  age: 14,
  gender: 'M',
  emerName: 'Mum',
  emerPhone: '13800138000',
  region: '86',
  school: '',
  code: null,
  headImg: '/api/files/a.jpg',
  reviewReason: null,
  consent: 'notNeeded',
};

function text(key: string, lang: 'zh' | 'en'): string {
  const tree = (lang === 'zh' ? zh : en) as unknown as Record<string, Record<string, string>>;
  const [group, leaf] = key.replace('registration:', '').split('.') as [string, string];
  return tree[group]![leaf]!;
}

describe('player form ↔ API', () => {
  it('maps an item to the form (passport birth date as yyyy-mm-dd) and back with {id} references', () => {
    const form = memberToForm(member);
    expect(form).toMatchObject({ teamId: 9, programId: 3, cardType: 1, birthDay: '2012-03-04', region: '86' });
    const payload = formToMember(form, 600);
    expect(payload).toEqual({
      activityId: 600,
      name: 'Li Lei',
      cardType: 1,
      card: 'E12345678',
      birth: '2012-03-04',
      team: { id: 9 },
      program: { id: 3 },
      emerName: 'Mum',
      emerPhone: '13800138000',
      region: '86',
      headImg: '/api/files/a.jpg',
    });
  });

  it('sends no birth date for an ID card, null references when empty, and omits clothes without a choice', () => {
    const payload = formToMember({ ...emptyMember(), name: ' A ', card: '110105201203041237', birthDay: '2012-01-01' }, 600);
    expect(payload.birth).toBeNull();
    expect(payload.team).toBeNull();
    expect(payload.name).toBe('A');
    expect('clothes' in payload).toBe(false);
    expect(formToMember({ ...emptyMember(), clothesId: 4 }, 1).clothes).toEqual({ id: 4 });
  });
});

describe('player checks use the spec texts', () => {
  it('ID card pattern → please fill in the correct ID number', () => {
    const r = checkMember({ ...emptyMember(), name: 'A', card: '12345' });
    expect(r?.key).toBe('registration:check.idInvalid');
    expect(text(r!.key, 'en')).toBe('Please fill in the correct ID number');
    expect(text(r!.key, 'zh')).toBe('\u8bf7\u586b\u5199\u6b63\u786e\u7684\u8eab\u4efd\u8bc1\u53f7');
  });
  it('requires the name, the ID number and, for passports, the birth date', () => {
    expect(checkMember(emptyMember())?.key).toBe('registration:check.nameRequired');
    expect(checkMember({ ...emptyMember(), name: 'A' })?.key).toBe('registration:check.idRequired');
    expect(checkMember({ ...emptyMember(), name: 'A', cardType: 1, card: 'E1' })?.key).toBe('registration:check.birthRequired');
    expect(text('registration:check.birthRequired', 'en')).toBe('Please fill in the birth date');
    expect(checkMember({ ...emptyMember(), name: 'A', cardType: 1, card: 'E1', birthDay: '2012-02-30' })?.field).toBe('birthDay');
    expect(checkMember({ ...emptyMember(), name: 'A', cardType: 1, card: 'E1', birthDay: '2012-02-28' })).toBeNull();
    expect(checkMember({ ...emptyMember(), name: 'A', card: '110105201203041237' })).toBeNull();
  });
  it('a code needs a value and a team', () => {
    expect(checkCode(' ', true)).toBe('registration:check.codeRequired');
    expect(checkCode('ABCD', false)).toBe('registration:check.codeNeedsTeam');
    expect(text('registration:check.codeNeedsTeam', 'en')).toBe('Assign a team before redeeming a code');
    expect(checkCode('ABCD', true)).toBeNull();
  });
  it('avatars: name first, JPG/PNG, at most 5 MB', () => {
    expect(checkAvatar({ type: 'image/png', size: 10, name: 'a.png' }, '')).toBe('registration:check.avatarNeedsName');
    expect(checkAvatar({ type: 'image/gif', size: 10, name: 'a.gif' }, 'A')).toBe('registration:check.avatarType');
    expect(checkAvatar({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1, name: 'a.jpg' }, 'A')).toBe('registration:check.avatarSize');
    expect(checkAvatar({ type: 'image/jpeg', size: 5 * 1024 * 1024, name: 'a.jpg' }, 'A')).toBeNull();
  });
  it('checks the emergency phone by its country code, naming the country (issue 8)', () => {
    const base = { ...emptyMember(), name: 'A', card: '110105201203041237' };
    expect(checkMember({ ...base, region: '852', emerPhone: '91234567' })).toBeNull();
    expect(checkMember({ ...base, region: '86', emerPhone: '13800138000' })).toBeNull();
    expect(checkMember({ ...base, region: '86', emerPhone: '91234567' })).toEqual({ field: 'emerPhone', key: 'registration:check.phoneInvalid' });
    expect(checkMember({ ...base, region: '852', emerPhone: '1234' }, 'en')).toEqual({
      field: 'emerPhone',
      key: 'registration:check.phoneFor',
      params: { country: 'Hong Kong SAR China', code: '852' },
    });
    expect(checkMember({ ...base, region: '999', emerPhone: '1234' })).toMatchObject({ field: 'region', key: 'registration:check.countryCode' });
  });

  it('teacher attachments: valid phone first, types, 3 MB', () => {
    expect(checkAttachment({ name: 'a.docx', size: 1 }, '123')).toBe('registration:check.attachmentNeedsPhone');
    expect(checkAttachment({ name: 'a.pdf', size: 1 }, '13800138000')).toBe('registration:check.attachmentType');
    expect(checkAttachment({ name: 'a.doc', size: 3 * 1024 * 1024 + 1 }, '13800138000')).toBe('registration:check.attachmentSize');
    expect(checkAttachment({ name: 'a.JPEG', size: 1 }, '13800138000')).toBeNull();
  });
});

describe('team form ↔ API', () => {
  const team = teamFixture({
    id: 1,
    activityId: 568,
    name: 'T',
    status: 7,
    program: { id: 3, name: 'P', type: 0, maximum: 3 },
    address: 'Addr',
    sourceActivityId: 545,
    teamCode: 'ABCDE',
    reviewStatus: 2,
  });

  it('round-trips and sends level-2 / promotion fields only where they apply', () => {
    const v = teamToForm(team);
    expect(formToTeam(v, 568, { level2: false, promotion: false })).toEqual({
      activityId: 568,
      name: 'T',
      program: { id: 3 },
      leader: { id: 4 },
      address: 'Addr',
      orgAddress: null,
      orgCode: null,
    });
    expect(formToTeam(v, 568, { level2: true, promotion: true })).toMatchObject({ sourceCode: null, sourceActivityId: 545, teamCode: 'ABCDE' });
  });
  it('checks name, program, channel length and the promotion pair', () => {
    expect(checkTeam(emptyTeam(), { promotion: false })?.key).toBe('registration:check.teamNameRequired');
    expect(checkTeam({ ...emptyTeam(), name: 'T' }, { promotion: false })?.key).toBe('registration:check.programRequired');
    expect(checkTeam({ ...emptyTeam(), name: 'T', programId: 1, orgCode: 'AB' }, { promotion: false })?.key).toBe('registration:check.channelShort');
    expect(text('registration:check.channelShort', 'en')).toBe('Channel code not less than 4 characters');
    expect(checkTeam({ ...emptyTeam(), name: 'T', programId: 1, teamCode: 'ABCD' }, { promotion: true })?.key).toBe('registration:check.promoZoneFirst');
    expect(checkTeam({ ...emptyTeam(), name: 'T', programId: 1, teamCode: 'AB', sourceActivityId: 545 }, { promotion: true })?.key).toBe(
      'registration:check.promoCodeShort',
    );
  });
  it('names the channel verification', () => {
    expect([1, 0, 2].map(orgVerifyKey)).toEqual(['registration:team.orgVerified', 'registration:team.orgUnverified', 'registration:team.orgInvalid']);
  });
});

describe('delete dialog groups', () => {
  it('puts unpaid players (0, 6, 8) in the deletable group and the rest in the disabled one', () => {
    const ms = [0, 3, 8, 9, 7].map((p, i) => ({ ...member, id: i, payStatus: p }));
    const { open, done } = splitDeletable(ms);
    expect(open.map((m) => m.payStatus)).toEqual([0, 8]);
    expect(done.map((m) => m.payStatus)).toEqual([3, 9, 7]);
  });
});

describe('code entry (spec 4.1)', () => {
  const m = (payStatus: number, teamStatus = 1) => ({ payStatus, team: { status: teamStatus } });
  it('closes at 7 (player or team) only in level-2 activities', () => {
    expect(codeLocked(m(7), 2)).toBe(true);
    expect(codeLocked(m(7), 1)).toBe(false);
    expect(codeLocked(m(0, 7), 2)).toBe(true);
    expect(codeLocked(m(0, 7), 1)).toBe(false);
  });
  it('stays closed for registered and withdrawing players everywhere', () => {
    for (const s of [3, 4, 5, 9]) expect(codeLocked(m(s), 1)).toBe(true);
    for (const s of [0, 1, 2, 6, 8]) expect(codeLocked(m(s), 2)).toBe(false);
  });
});
