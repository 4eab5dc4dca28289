import crypto from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import {
  ACCOUNT_STATUS,
  LOGIN_FAILURES,
  SMS_CEILINGS,
  SMS_CODE_LENGTH,
  SMS_CODE_TRIES,
  SMS_RESEND_SECONDS,
  translate,
  type Lang,
  type SmsPurpose,
} from '@rp/shared';
import type { AppDeps } from '../../deps';
import { users, messages } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { recordPrivacyAcceptance } from '../../lib/policies';
import { checkCaptcha } from './captcha';
import { hashPassword, verifyPassword } from './password';
import { createSession, deleteUserSessions, loadUser, type SessionUser } from './session.service';

const SMS_TTL_S = 5 * 60;
const SMS_RESEND_S = SMS_RESEND_SECONDS;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  lang: Lang;
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  user: SessionUser;
}

/** Password login: captcha first (always spent), then the per-account failure limit, then argon2id. */
export async function loginWithPassword(
  deps: AppDeps,
  input: { username: string; password: string; code: string; uuid: string; rememberMe: boolean },
  client: ClientInfo,
): Promise<LoginResult> {
  if (deps.config.CAPTCHA_ENABLED && !(await checkCaptcha(deps.store, input.uuid, input.code))) {
    throw new AppError('CAPTCHA_INVALID', { field: 'code' });
  }
  const account = input.username.trim().toLowerCase();
  const failKey = `loginfail:${account}`;
  // The attempt is counted before the password is checked, in one atomic increment of the shared store
  // (database or Redis): however many arrive at once, on however many instances, at most
  // LOGIN_FAILURES.max passwords per account and window are ever verified. A success clears the count.
  const attempt = await deps.store.incrWindow(failKey, LOGIN_FAILURES.windowS);
  if (attempt.count > LOGIN_FAILURES.max) throw new AppError('RATE_LIMITED', { message: 'auth.tooManyFailures', retryAfter: attempt.endsAt });

  const { db } = deps.database;
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, account), eq(users.phone, account)))
    .limit(1);
  const good = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !good) throw new AppError('BAD_CREDENTIALS'); // already counted
  if (row.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
  await deps.store.del(failKey);
  return startSession(deps, row.id, input.rememberMe, client);
}

export async function startSession(deps: Pick<AppDeps, 'database'>, userId: number, rememberMe: boolean, client: ClientInfo): Promise<LoginResult> {
  const { db } = deps.database;
  // the language of this login is the account's: SMS and WeChat notices go out in it
  const [row] = await db.update(users).set({ lastLoginAt: new Date(), lang: client.lang }).where(eq(users.id, userId)).returning();
  const { token, expiresAt } = await createSession(db, userId, { rememberMe, ip: client.ip, userAgent: client.userAgent });
  return { token, expiresAt, user: await loadUser(db, row!) };
}

/**
 * Sends a 6-digit code, at most one per phone per 60 s and SMS_CEILINGS an hour and a day (the refusal says
 * when the next may be asked); the code lives 5 minutes and is single use. A number that is not registered
 * counts the same, so the answers never tell whether it is.
 */
export async function sendSmsCode(
  deps: Pick<AppDeps, 'database' | 'metrics' | 'sms' | 'store'>,
  phone: string,
  purpose: SmsPurpose,
  lang: Lang,
): Promise<void> {
  const { db } = deps.database;
  if (purpose === 'register') {
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (taken) throw new AppError('PHONE_TAKEN', { message: 'auth.phoneTaken', fieldErrors: { phone: 'auth.phoneTaken' } });
  }
  const wait = await deps.store.incrWindow(`smswait:${phone}`, SMS_RESEND_S);
  if (wait.count > 1) throw new AppError('RATE_LIMITED', { message: 'auth.smsTooSoon', retryAfter: wait.endsAt });
  const count = (by: number) => Promise.all(SMS_CEILINGS.map((c) => deps.store.incrWindow(`smsn:${c.name}:${phone}`, c.windowS, by)));
  // a code that does not go out is given back (a refused ask, a provider that failed); an ask answered "sent"
  // counts, to an unregistered number too
  const giveBack = () => Promise.all([count(-1), deps.store.del(`smswait:${phone}`)]).catch(() => undefined);
  const counts = await count(1);
  const full = counts.filter((n, i) => n.count > SMS_CEILINGS[i]!.max);
  if (full.length) {
    // the answer says when the number may ask again: the end of the last full window
    await giveBack();
    const until = Math.max(...full.map((n) => n.endsAt.getTime()));
    throw new AppError('RATE_LIMITED', {
      message: 'auth.smsNumberLimit',
      params: { time: beijingMinute(new Date(until), lang) },
      retryAfter: (until - Date.now()) / 1000,
    });
  }
  if (purpose === 'login' || purpose === 'password') {
    // Login and reset codes go only to registered phones; the answer is the same either way. A WeChat
    // sign-up's code goes to any phone: it signs in the phone's account, or makes one.
    const [known] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
    if (!known) return;
  }
  const code = crypto
    .randomInt(0, 10 ** SMS_CODE_LENGTH)
    .toString()
    .padStart(SMS_CODE_LENGTH, '0');
  await deps.store.set(`sms:${purpose}:${phone}`, code, SMS_TTL_S);
  await deps.store.del(`smsfail:${purpose}:${phone}`);
  try {
    await deps.sms.send({ phone, purpose, code, text: translate(lang, 'sms.template', { code }) });
    deps.metrics.sms.inc({ purpose, result: 'sent' });
  } catch (e) {
    deps.metrics.sms.inc({ purpose, result: 'failed' });
    // not sent: no code to wait for, and the person may ask again at once
    await Promise.all([deps.store.del(`sms:${purpose}:${phone}`), giveBack()]).catch(() => undefined);
    throw e;
  }
}

/** A moment as Beijing time, rounded up to the minute: "14:05" today, "11月29日 14:05" ("29 November 14:05") another day. */
function beijingMinute(at: Date, lang: Lang): string {
  const minute = new Date(Math.ceil(at.getTime() / 60_000) * 60_000);
  const format = (d: Date, o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'zh-CN', { timeZone: 'Asia/Shanghai', ...o }).format(d);
  const day = { month: 'long', day: 'numeric' } as const;
  const time = format(minute, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return format(minute, day) === format(new Date(), day) ? time : `${format(minute, day)} ${time}`;
}

/**
 * Consumes the code when it matches; at most five tries per code. Like the password lockout, a try is
 * counted (atomically, in the shared store) before the comparison, so parallel guesses cannot compare
 * more than five; the fifth wrong one burns the code.
 */
export async function consumeSmsCode(deps: Pick<AppDeps, 'store'>, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
  const key = `sms:${purpose}:${phone}`;
  const invalid = () => new AppError('SMS_CODE_INVALID', { field: 'code' });
  // spec 8.2: no live code any more (expired, never sent, burned by its tries, taken by a parallel request)
  const reacquire = () => new AppError('SMS_CODE_INVALID', { field: 'code', message: 'auth.smsReacquire' });
  const tries = await deps.store.incr(`smsfail:${purpose}:${phone}`, SMS_TTL_S);
  if (tries > SMS_CODE_TRIES) {
    await deps.store.del(key);
    throw reacquire();
  }
  const expected = await deps.store.get(key);
  if (expected === null) throw reacquire();
  const a = Buffer.from(expected);
  const b = Buffer.from(code.padEnd(6, '-').slice(0, 6));
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    if (tries >= SMS_CODE_TRIES) {
      await deps.store.del(key);
      throw reacquire();
    }
    throw invalid();
  }
  if ((await deps.store.take(key)) === null) throw reacquire();
}

/**
 * Registers a member account for a verified phone and logs it in (a fresh session, like a login).
 * Nothing is created when any check fails.
 */
export async function registerMember(
  deps: AppDeps,
  input: { phone: string; code: string; nickName: string; password: string },
  client: ClientInfo,
): Promise<LoginResult> {
  const { db } = deps.database;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  if (taken) throw new AppError('PHONE_TAKEN', { message: 'auth.phoneTaken', fieldErrors: { phone: 'auth.phoneTaken' } });
  await consumeSmsCode(deps, input.phone, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  const created = await createMember(deps, { phone: input.phone, passwordHash, nickName: input.nickName, lang: client.lang }, client.ip);
  if (!created) throw new AppError('PHONE_TAKEN', { message: 'auth.phoneTaken', fieldErrors: { phone: 'auth.phoneTaken' } });
  return startSession(deps, created.id, false, client);
}

/**
 * A member account for a verified phone with its welcome message, or null when the phone has one already
 * (the unique phone is the check: two sign-ups of one phone at once make one account).
 */
export async function createMember(
  deps: Pick<AppDeps, 'database'>,
  input: { phone: string; passwordHash: string; nickName: string; lang: Lang },
  /** the sign-up's address: the acceptance of the privacy policy in force is recorded with it (issue 37) */
  ip: string | null,
) {
  return deps.database.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ username: input.phone, phone: input.phone, passwordHash: input.passwordHash, nickName: input.nickName, roles: ['member'], lang: input.lang })
      .onConflictDoNothing()
      .returning();
    const row = inserted[0];
    if (!row) return null;
    await recordPrivacyAcceptance(tx, row.id, ip);
    await tx.insert(messages).values({
      receiverId: row.id,
      type: 1,
      titleZh: translate('zh', 'welcome.title'),
      titleEn: translate('en', 'welcome.title'),
      contentZh: translate('zh', 'welcome.content', { nickName: row.nickName }),
      contentEn: translate('en', 'welcome.content', { nickName: row.nickName }),
      publisherZh: translate('zh', 'welcome.publisher'),
      publisherEn: translate('en', 'welcome.publisher'),
    });
    return row;
  });
}

/** The password of an account made without one (a WeChat sign-up): nobody knows it; "forgot password" sets one. */
export const unusablePasswordHash = () => hashPassword(crypto.randomBytes(32).toString('base64url'));

/** SMS login: the phone must belong to an active account. */
export async function loginWithSms(deps: AppDeps, input: { phone: string; code: string; rememberMe: boolean }, client: ClientInfo): Promise<LoginResult> {
  await consumeSmsCode(deps, input.phone, 'login', input.code);
  const [row] = await deps.database.db.select().from(users).where(eq(users.phone, input.phone)).limit(1);
  if (!row) throw new AppError('SMS_CODE_INVALID', { field: 'code' });
  if (row.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
  return startSession(deps, row.id, input.rememberMe, client);
}

/** Changes a password (old password, or SMS code for a forgotten one) and ends every session. */
export async function updatePassword(
  deps: AppDeps,
  current: SessionUser | null,
  input: { oldPassword: string; password: string } | { phone: string; code: string; password: string },
): Promise<void> {
  const { db } = deps.database;
  let userId: number;
  if ('oldPassword' in input) {
    if (!current) throw new AppError('UNAUTHORIZED');
    const [row] = await db.select().from(users).where(eq(users.id, current.id)).limit(1);
    if (!row || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
      throw new AppError('OLD_PASSWORD_WRONG', { field: 'oldPassword' });
    }
    userId = row.id;
  } else {
    await consumeSmsCode(deps, input.phone, 'password', input.code);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
    if (!row) throw new AppError('SMS_CODE_INVALID', { field: 'code' });
    userId = row.id;
    // Proving the phone lifts a lockout from failed password logins.
    await deps.store.del(`loginfail:${input.phone}`);
  }
  const passwordHash = await hashPassword(input.password);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await deleteUserSessions(db, userId);
}
