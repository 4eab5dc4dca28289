import { idCardProblem, parseBirth } from '@rp/shared/rules/id-card';
import { PHONE_RE, checkPhone, regionName } from '@rp/shared/rules/phone';
import { codeEntryClosed, isFree } from '@rp/shared/rules/registration';
import { CHANNEL_CODE_MIN, UPLOAD_LIMITS } from '@rp/shared/limits';
import type { HistoryItem, MemberItem, TeamItem } from '@rp/shared';

/**
 * Pure mapping between the registration forms and the API (spec 7.5: team, program, plan and clothes
 * travel as {id}), and the client-side checks of spec 5, which return locale keys (exact spec texts).
 */
export const PAGE_SIZE = 30;
export const CROP_W = 180;
export const CROP_H = 252;
export const DEFAULT_REGION = '86';

export interface MemberFormValues {
  name: string;
  teamId?: number | null;
  programId?: number | null;
  clothesId?: number | null;
  cardType: 0 | 1;
  /** yyyy-mm-dd, passport only */
  birthDay?: string | null;
  card: string;
  emerName: string;
  region: string;
  emerPhone: string;
  headImg?: string | null;
}

export interface MemberPayload {
  activityId: number;
  name: string;
  cardType: 0 | 1;
  card: string;
  birth: string | null;
  team: { id: number } | null;
  program: { id: number } | null;
  clothes?: { id: number } | null;
  emerName: string;
  emerPhone: string;
  region: string;
  headImg: string | null;
  code?: string | null;
  /** an earlier player whose ID number the server takes (the form holds it only masked) */
  fromMemberId?: number;
}

const ref = (id: number | null | undefined) => (id ? { id } : null);

export function emptyMember(): MemberFormValues {
  return {
    name: '',
    teamId: null,
    programId: null,
    clothesId: null,
    cardType: 0,
    birthDay: null,
    card: '',
    emerName: '',
    region: DEFAULT_REGION,
    emerPhone: '',
    headImg: null,
  };
}

/** yyyymmdd number → yyyy-mm-dd */
export function birthToDay(birth: number | null | undefined): string | null {
  if (!birth) return null;
  const s = String(birth).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

export function memberToForm(m: MemberItem): MemberFormValues {
  return {
    name: m.name,
    teamId: m.team?.id ?? null,
    programId: m.program?.id ?? null,
    clothesId: m.clothes?.id ?? null,
    cardType: m.cardType === 1 ? 1 : 0,
    birthDay: m.cardType === 1 ? (m.birthDay ?? birthToDay(m.birth)) : null,
    card: m.card,
    emerName: m.emerName,
    region: m.region || DEFAULT_REGION,
    emerPhone: m.emerPhone,
    headImg: m.headImg,
  };
}

export function formToMember(v: MemberFormValues, activityId: number): MemberPayload {
  const payload: MemberPayload = {
    activityId,
    name: v.name.trim(),
    cardType: v.cardType,
    card: v.card.trim(),
    // The ID card carries the birth date (characters 7–14); the server derives it.
    birth: v.cardType === 1 && v.birthDay ? v.birthDay : null,
    team: ref(v.teamId),
    program: ref(v.programId),
    emerName: v.emerName.trim(),
    emerPhone: v.emerPhone.trim(),
    region: v.region.trim() || DEFAULT_REGION,
    headImg: v.headImg || null,
  };
  if (v.clothesId) payload.clothes = { id: v.clothesId };
  return payload;
}

/** Spec 5 "Player save", in the order a person fixes them. Keys in the registration namespace. */
export type MemberCheck =
  | 'registration:check.nameRequired'
  | 'registration:check.idRequired'
  | 'registration:check.idInvalid'
  | 'registration:check.idCheckDigit'
  | 'registration:check.passportRequired'
  | 'registration:check.birthRequired'
  | 'registration:check.phoneInvalid'
  | 'registration:check.phoneFor'
  | 'registration:check.countryCode';

export interface MemberProblem {
  field: keyof MemberFormValues;
  key: MemberCheck;
  params?: Record<string, string>;
}

/**
 * The emergency phone by its country code (the same rule as the server and the import): 86 the mainland
 * pattern, others their numbering plan; the text names the country in the reader's language.
 */
export function checkEmergencyPhone(region: string, phone: string, lang: 'zh' | 'en'): MemberProblem | null {
  if (!phone.trim()) return null;
  const p = checkPhone(region.trim() || DEFAULT_REGION, phone.trim());
  if (!p) return null;
  if (p.kind === 'mainland') return { field: 'emerPhone', key: 'registration:check.phoneInvalid' };
  if (p.kind === 'unknownCode') return { field: 'region', key: 'registration:check.countryCode', params: { code: p.code } };
  return { field: 'emerPhone', key: 'registration:check.phoneFor', params: { country: regionName(p.region, lang), code: p.code } };
}

/** A mainland ID number's problem as its message key (format, or the GB 11643 check digit), null when it is valid. */
export function idCardKey(card: string): 'registration:check.idCheckDigit' | 'registration:check.idInvalid' | null {
  const problem = idCardProblem(card);
  if (!problem) return null;
  return problem === 'checkDigit' ? 'registration:check.idCheckDigit' : 'registration:check.idInvalid';
}

/** `copied`: the ID number comes from an earlier player on the server (it was checked when it was typed). */
export function checkMember(v: MemberFormValues, lang: 'zh' | 'en' = 'zh', copied = false): MemberProblem | null {
  if (!v.name.trim()) return { field: 'name', key: 'registration:check.nameRequired' };
  const card = v.card.trim();
  if (copied) {
    // nothing to check here: the server reads the number from the earlier row
  } else if (v.cardType === 0) {
    if (!card) return { field: 'card', key: 'registration:check.idRequired' };
    const key = idCardKey(card);
    if (key) return { field: 'card', key };
  } else {
    if (!card) return { field: 'card', key: 'registration:check.passportRequired' };
    if (!v.birthDay || parseBirth(v.birthDay) === null) return { field: 'birthDay', key: 'registration:check.birthRequired' };
  }
  return checkEmergencyPhone(v.region, v.emerPhone, lang);
}

/** The form filled from an earlier player (findHistory): everything but team, program and clothes of this activity. */
export function historyToForm(h: HistoryItem): MemberFormValues {
  return {
    ...emptyMember(),
    name: h.name,
    cardType: h.cardType === 1 ? 1 : 0,
    card: h.card,
    birthDay: h.cardType === 1 ? h.birthDay : null,
    emerName: h.emerName,
    region: h.region || DEFAULT_REGION,
    emerPhone: h.emerPhone,
    headImg: h.headImg,
  };
}

export type CodeCheck = 'registration:check.codeRequired' | 'registration:check.codeNeedsTeam';
export function checkCode(code: string, hasTeam: boolean): CodeCheck | null {
  if (!code.trim()) return 'registration:check.codeRequired';
  if (!hasTeam) return 'registration:check.codeNeedsTeam';
  return null;
}

export type AvatarCheck = 'registration:check.avatarNeedsName' | 'registration:check.avatarType' | 'registration:check.avatarSize';
export function checkAvatar(file: { type: string; size: number; name: string }, playerName: string): AvatarCheck | null {
  if (!playerName.trim()) return 'registration:check.avatarNeedsName';
  const typeOk = /^image\/(jpe?g|png)$/i.test(file.type) || /\.(jpe?g|png)$/i.test(file.name);
  if (!typeOk) return 'registration:check.avatarType';
  if (file.size > UPLOAD_LIMITS.playerPhoto) return 'registration:check.avatarSize';
  return null;
}

export type AttachmentCheck = 'registration:check.attachmentNeedsPhone' | 'registration:check.attachmentType' | 'registration:check.attachmentSize';
export function checkAttachment(file: { name: string; size: number }, phone: string): AttachmentCheck | null {
  if (!PHONE_RE.test(phone.trim())) return 'registration:check.attachmentNeedsPhone';
  if (!/\.(jpe?g|png|docx?)$/i.test(file.name)) return 'registration:check.attachmentType';
  if (file.size > UPLOAD_LIMITS.attachment) return 'registration:check.attachmentSize';
  return null;
}

/** The `phone` field of an avatar upload: player name + timestamp (the brief's storage naming). */
export function avatarUploadTag(playerName: string, now = Date.now()): string {
  return `${playerName.trim()}${now}`;
}

// ——— teams ———
export interface TeamFormValues {
  name: string;
  programId?: number | null;
  leaderId?: number | null;
  address: string;
  /** spec 3: the organisation's address */
  orgAddress: string;
  orgCode: string;
  sourceCode: string;
  sourceActivityId?: number | null;
  teamCode: string;
}
export interface TeamPayload {
  activityId: number;
  name: string;
  program: { id: number };
  leader: { id: number } | null;
  address: string;
  orgAddress: string | null;
  orgCode: string | null;
  sourceCode?: string | null;
  sourceActivityId?: number | null;
  teamCode?: string | null;
}

export function emptyTeam(): TeamFormValues {
  return {
    name: '',
    programId: null,
    leaderId: null,
    address: '',
    orgAddress: '',
    orgCode: '',
    sourceCode: '',
    sourceActivityId: null,
    teamCode: '',
  };
}

export function teamToForm(t: TeamItem): TeamFormValues {
  return {
    name: t.name,
    programId: t.program.id,
    leaderId: t.leader?.id ?? null,
    address: t.address,
    orgAddress: t.orgAddress ?? '',
    orgCode: t.orgCode ?? '',
    sourceCode: t.sourceCode ?? '',
    sourceActivityId: t.sourceActivityId,
    teamCode: t.teamCode ?? '',
  };
}

export function formToTeam(v: TeamFormValues, activityId: number, opts: { level2: boolean; promotion: boolean }): TeamPayload {
  const out: TeamPayload = {
    activityId,
    name: v.name.trim(),
    program: { id: v.programId ?? 0 },
    leader: ref(v.leaderId),
    address: v.address.trim(),
    orgAddress: v.orgAddress.trim() || null,
    orgCode: v.orgCode.trim() || null,
  };
  if (opts.level2) out.sourceCode = v.sourceCode.trim() || null;
  if (opts.promotion) {
    out.sourceActivityId = v.sourceActivityId ?? null;
    out.teamCode = v.teamCode.trim() || null;
  }
  return out;
}

export type TeamCheck =
  | 'registration:check.teamNameRequired'
  | 'registration:check.programRequired'
  | 'registration:check.channelShort'
  | 'registration:check.promoZoneFirst'
  | 'registration:check.promoCodeShort';
export function checkTeam(v: TeamFormValues, opts: { promotion: boolean }): { field: keyof TeamFormValues; key: TeamCheck } | null {
  if (!v.name.trim()) return { field: 'name', key: 'registration:check.teamNameRequired' };
  if (!v.programId) return { field: 'programId', key: 'registration:check.programRequired' };
  const org = v.orgCode.trim();
  if (org && org.length < CHANNEL_CODE_MIN) return { field: 'orgCode', key: 'registration:check.channelShort' };
  if (opts.promotion && v.teamCode.trim()) {
    if (!v.sourceActivityId) return { field: 'sourceActivityId', key: 'registration:check.promoZoneFirst' };
    if (v.teamCode.trim().length < 4) return { field: 'teamCode', key: 'registration:check.promoCodeShort' };
  }
  return null;
}

/** Channel verification text key for /api/lOrg/web/check's verify (1 verified, 0 unverified, 2 invalid). */
export function orgVerifyKey(verify: number): 'registration:team.orgVerified' | 'registration:team.orgUnverified' | 'registration:team.orgInvalid' {
  if (verify === 1) return 'registration:team.orgVerified';
  if (verify === 0) return 'registration:team.orgUnverified';
  return 'registration:team.orgInvalid';
}

/** Players who can still be deleted (not yet paid) and those who cannot (registered / in progress). */
export function splitDeletable(members: readonly MemberItem[]): { open: MemberItem[]; done: MemberItem[] } {
  const open: MemberItem[] = [];
  const done: MemberItem[] = [];
  for (const m of members) (isFree(m.payStatus) ? open : done).push(m);
  return { open, done };
}

/** Code entry is disabled (spec 4.1): registered or withdrawing; under review (7, or its team) only in level-2 activities. */
export function codeLocked(m: Pick<MemberItem, 'payStatus'> & { team?: { status: number } | null }, activityLevel: number): boolean {
  return codeEntryClosed(m.payStatus, activityLevel, m.team?.status);
}
