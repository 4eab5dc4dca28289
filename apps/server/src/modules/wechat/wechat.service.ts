import crypto from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS, maskPhone } from '@rp/shared';
import type { AppDeps } from '../../deps';
import { orgApplications, orgs, userOauth, users, volunteers, wechatOpenids } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { consumeSmsCode, createMember, startSession, unusablePasswordHash, type ClientInfo, type LoginResult } from '../auth/index';
import type { WechatIdentity, WechatOAuth } from './oauth';

/**
 * WeChat login and linking (spec 7.1 wxScan / wxBind). A round trip starts with a state of 32 random bytes
 * kept 10 minutes in the shared store and taken once (a forged, replayed or other-purpose state is refused
 * before WeChat is asked); a scan of a WeChat no account is linked to yields a ticket, also single use,
 * that links it once the person has logged in.
 *
 * Issue 33: each round trip belongs to the browser that began it. The routes give that browser a secret nonce
 * in an HttpOnly cookie; its hash is kept with the state and with the ticket, and a return, a sign-up or a
 * link from a browser without that nonce is refused (WECHAT_OTHER_BROWSER) before WeChat is asked — a
 * redirect address or a ticket sent to someone else is worth nothing in their browser.
 */
const PROVIDER = 'wechat';
const TTL_S = 10 * 60;
/** login/bind: the website's QR round trips; mppay/mplogin: the official account's, inside WeChat */
type Purpose = 'login' | 'bind' | 'mppay' | 'mplogin';
type Provider = 'wechat' | 'wechat_mp';
interface StateData {
  purpose: Purpose;
  userId: number | null;
  redirect: string;
  /** the hash of the nonce in the cookie of the browser that began the round trip */
  browser: string;
}
/** What an unlinked WeChat's ticket holds; phone: proven by its SMS code, waiting for the person's yes. */
type TicketData = WechatIdentity & { redirect?: string; browser?: string; phone?: string };

/** a-zA-Z0-9 only, as WeChat documents its state (issue 33) */
const token = () => crypto.randomBytes(32).toString('hex');
const stateInvalid = () => new AppError('WECHAT_STATE_INVALID', { field: 'state' });
/** The browser's nonce (its cookie) as kept beside a state or a ticket: never the nonce itself. */
const browserHash = (nonce: string) => crypto.createHash('sha256').update(`wx-browser:${nonce}`).digest('hex');
function checkBrowser(kept: string | undefined, nonce: string | null): void {
  const mine = nonce ? Buffer.from(browserHash(nonce)) : null;
  const theirs = Buffer.from(kept ?? '');
  if (!mine || mine.length !== theirs.length || !crypto.timingSafeEqual(mine, theirs)) throw new AppError('WECHAT_OTHER_BROWSER');
}

/** A path of this site (the same rule as the web app's redirects): anything else becomes "/". */
export function sitePath(v: string | undefined): string {
  if (!v || !v.startsWith('/') || v.startsWith('//') || /[\\\u0000-\u001f]/.test(v)) return '/';
  return v.slice(0, 500);
}

/** Step 1: the state, and the address the browser goes to. redirect_uri is on this site. */
export async function authorize(
  deps: Pick<AppDeps, 'store'>,
  oauth: WechatOAuth,
  input: { purpose: Purpose; redirect?: string; userId: number | null; origin: string; lang: 'zh' | 'en'; browser: string },
): Promise<string> {
  const state = token();
  const data: StateData = { purpose: input.purpose, userId: input.userId, redirect: sitePath(input.redirect), browser: browserHash(input.browser) };
  await deps.store.set(`wx:state:${state}`, JSON.stringify(data), TTL_S);
  const back = input.purpose === 'login' ? `${input.origin}/login?wx=1` : `${input.origin}/userCenter?t=1&wx=bind`;
  return oauth.authorizeUrl(back, state, input.lang);
}

async function takeState(deps: Pick<AppDeps, 'store'>, state: string, purpose: Purpose, userId: number | null, browser: string | null): Promise<StateData> {
  const raw = await deps.store.take(`wx:state:${state}`);
  if (!raw) throw stateInvalid();
  const data = JSON.parse(raw) as StateData;
  // a state is spent even when it is used for the wrong thing: a stolen one cannot be tried twice
  if (data.purpose !== purpose || data.userId !== userId) throw stateInvalid();
  checkBrowser(data.browser, browser);
  return data;
}

/** An unlinked WeChat's ticket, read (not spent) in the browser that scanned. */
async function readTicket(deps: Pick<AppDeps, 'store'>, ticket: string, browser: string | null): Promise<TicketData> {
  const raw = await deps.store.get(`wx:ticket:${ticket}`);
  if (!raw) throw new AppError('WECHAT_TICKET_INVALID', { field: 'ticket' });
  const data = JSON.parse(raw) as TicketData;
  checkBrowser(data.browser, browser);
  return data;
}

/**
 * The account a WeChat is linked to: by the openid of its app, else by the unionid WeChat gives one person
 * across the site's apps (signed up inside WeChat, now scanning on a computer, or the other way round).
 */
async function linkOf(deps: Pick<AppDeps, 'database'>, openid: string, provider: Provider = PROVIDER, unionid: string | null = null) {
  const { db } = deps.database;
  const [row] = await db
    .select({ userId: userOauth.userId, status: users.status })
    .from(userOauth)
    .innerJoin(users, eq(users.id, userOauth.userId))
    .where(and(eq(userOauth.provider, provider), eq(userOauth.openid, openid)))
    .limit(1);
  if (row || !unionid) return row;
  const [byUnion] = await db
    .select({ userId: userOauth.userId, status: users.status })
    .from(userOauth)
    .innerJoin(users, eq(users.id, userOauth.userId))
    .where(eq(userOauth.unionid, unionid))
    .orderBy(userOauth.id)
    .limit(1);
  return byUnion;
}

export type ScanResult =
  { bound: true; login: LoginResult; wechatName: string; redirect: string } | { bound: false; ticket: string; wechatName: string; redirect: string };

/** wxScan: the code WeChat sent back → the linked account logged in, or a ticket to link this WeChat. */
export async function scan(
  deps: AppDeps,
  oauth: WechatOAuth,
  input: { code: string; state: string },
  browser: string | null,
  client: ClientInfo,
): Promise<ScanResult> {
  const state = await takeState(deps, input.state, 'login', null, browser);
  const who = await oauth.identify(input.code);
  return signInAs(deps, { ...who, provider: PROVIDER }, state, client);
}

/** The linked account signed in (its link for this app added when found by unionid), or a ticket to sign up or link. */
async function signInAs(
  deps: AppDeps,
  who: WechatIdentity & { provider: Provider },
  { redirect, browser }: StateData,
  client: ClientInfo,
): Promise<ScanResult> {
  const link = await linkOf(deps, who.openid, who.provider, who.unionid);
  if (link) {
    if (link.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
    await deps.database.db
      .insert(userOauth)
      .values({ userId: link.userId, provider: who.provider, openid: who.openid, unionid: who.unionid, nickName: who.nickName })
      .onConflictDoNothing();
    return { bound: true, login: await startSession(deps, link.userId, false, client), wechatName: who.nickName, redirect };
  }
  const ticket = token();
  // the ticket is this browser's too
  await deps.store.set(`wx:ticket:${ticket}`, JSON.stringify({ ...who, redirect, browser } satisfies TicketData), TTL_S);
  return { bound: false, ticket, wechatName: who.nickName, redirect };
}

/** Inside WeChat, step 1: the official account's authorisation address (silent before paying, asking to sign in). */
export async function authorizeMp(
  deps: Pick<AppDeps, 'store'>,
  mp: WechatOAuth,
  input: { purpose: 'pay' | 'login'; redirect?: string; userId: number | null; origin: string; browser: string },
): Promise<string> {
  const state = token();
  const purpose: Purpose = input.purpose === 'pay' ? 'mppay' : 'mplogin';
  const data: StateData = { purpose, userId: input.userId, redirect: sitePath(input.redirect), browser: browserHash(input.browser) };
  await deps.store.set(`wx:state:${state}`, JSON.stringify(data), TTL_S);
  return mp.mpAuthorizeUrl(`${input.origin}/wxAuth?p=${input.purpose}`, state, input.purpose === 'pay' ? 'snsapi_base' : 'snsapi_userinfo');
}

/** Keeps the payer's openid of an official account for an account (JSAPI pay orders carry it). */
export async function rememberOpenid(db: AppDeps['database']['db'], userId: number, appId: string, openid: string): Promise<void> {
  await db
    .insert(wechatOpenids)
    .values({ userId, appId, openid })
    .onConflictDoUpdate({ target: [wechatOpenids.userId, wechatOpenids.appId], set: { openid, updatedAt: sql`now()` } });
}

/** The openid this account pays with in that official account, if it went through the authorisation. */
export async function openidFor(db: AppDeps['database']['db'], userId: number, appId: string): Promise<string | null> {
  const [row] = await db
    .select({ openid: wechatOpenids.openid })
    .from(wechatOpenids)
    .where(and(eq(wechatOpenids.userId, userId), eq(wechatOpenids.appId, appId)));
  return row?.openid ?? null;
}

/** Inside WeChat, before paying: the silent round trip's code → this account's openid, kept; where to go back. */
export async function mpPay(
  deps: AppDeps,
  mp: WechatOAuth,
  userId: number,
  input: { code: string; state: string },
  browser: string | null,
): Promise<{ redirect: string }> {
  const state = await takeState(deps, input.state, 'mppay', userId, browser);
  const openid = await mp.openidOf(input.code);
  await rememberOpenid(deps.database.db, userId, mp.appId, openid);
  return { redirect: state.redirect };
}

/** Inside WeChat, signing in: the linked account, or a ticket for a phone and its code (wxSignUp). */
export async function mpLogin(
  deps: AppDeps,
  mp: WechatOAuth,
  input: { code: string; state: string },
  browser: string | null,
  client: ClientInfo,
): Promise<ScanResult> {
  const state = await takeState(deps, input.state, 'mplogin', null, browser);
  const who = await mp.identify(input.code);
  const r = await signInAs(deps, { ...who, provider: 'wechat_mp' }, state, client);
  // the same WeChat pays without another authorisation
  if (r.bound) await rememberOpenid(deps.database.db, r.login.user.id, mp.appId, who.openid);
  return r;
}

/**
 * An unlinked WeChat and a phone with its code (type wechat), in the browser that scanned. A phone without an
 * account: a new one, named after the WeChat, is signed in and linked. A phone with an account: nothing is
 * linked yet — the ticket remembers the proven phone and the answer asks the person (the masked phone and the
 * WeChat's name); { ticket, confirm: true } then links and signs in (issue 33). The ticket survives a wrong
 * code (the person types it again) and is spent by the link, so one WeChat makes at most one link.
 */
export type SignUpResult = { login: LoginResult; created: boolean; redirect: string } | { confirm: { phone: string; wechatName: string }; redirect: string };

export async function signUp(
  deps: AppDeps,
  input: { ticket: string; phone: string; code: string } | { ticket: string; confirm: true },
  browser: string | null,
  client: ClientInfo,
  mpAppIdOf: string | null,
): Promise<SignUpResult> {
  const key = `wx:ticket:${input.ticket}`;
  const ticket = await readTicket(deps, input.ticket, browser);
  const { db } = deps.database;
  const accountOf = async (phone: string) => (await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.phone, phone)).limit(1))[0];
  const askFirst = async (phone: string, account: { status: number }) => {
    if (account.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
    await deps.store.set(key, JSON.stringify({ ...ticket, phone } satisfies TicketData), TTL_S);
    return { confirm: { phone: maskPhone(phone), wechatName: ticket.nickName }, redirect: sitePath(ticket.redirect) };
  };

  let phone: string;
  let account: { id: number; status: number } | undefined;
  let created = false;
  if ('confirm' in input) {
    if (!ticket.phone) throw new AppError('WECHAT_CONFIRM_INVALID', { field: 'ticket' });
    phone = ticket.phone;
    account = await accountOf(phone);
    if (!account) throw new AppError('WECHAT_CONFIRM_INVALID', { field: 'ticket' });
  } else {
    phone = input.phone;
    await consumeSmsCode(deps, phone, 'wechat', input.code);
    const existing = await accountOf(phone);
    if (existing) return askFirst(phone, existing);
  }
  if (!(await deps.store.take(key))) throw new AppError('WECHAT_TICKET_INVALID', { field: 'ticket' });
  if (!account) {
    const nickName = (ticket.nickName || `${client.lang === 'en' ? 'Member' : '用户'} ${phone.slice(-4)}`).slice(0, 32);
    const row = await createMember(deps, { phone, passwordHash: await unusablePasswordHash(), nickName, lang: client.lang }, client.ip);
    // the number signed up in another tab meanwhile: it has an account now, so ask like for any other
    if (!row) {
      const raced = await accountOf(phone);
      if (!raced) throw new AppError('WECHAT_TICKET_INVALID', { field: 'ticket' });
      return askFirst(phone, raced);
    }
    account = { id: row.id, status: row.status };
    created = true;
  }
  if (account.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
  const provider: Provider = ticket.provider ?? PROVIDER;
  const [row] = await db
    .insert(userOauth)
    .values({ userId: account.id, provider, openid: ticket.openid, unionid: ticket.unionid, nickName: ticket.nickName })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const link = await linkOf(deps, ticket.openid, provider);
    if (!link || link.userId !== account.id) throw new AppError(link ? 'WECHAT_TAKEN' : 'WECHAT_ALREADY_BOUND');
  }
  if (provider === 'wechat_mp' && mpAppIdOf) await rememberOpenid(db, account.id, mpAppIdOf, ticket.openid);
  return { login: await startSession(deps, account.id, false, client), created, redirect: sitePath(ticket.redirect) };
}

/** wxBind (logged in): links the WeChat of a bind round trip, or of an unlinked scan's ticket. */
export async function bind(
  deps: AppDeps,
  oauth: WechatOAuth,
  userId: number,
  input: { code: string; state: string } | { ticket: string },
  browser: string | null,
): Promise<{ nickName: string; boundAt: string }> {
  let who: WechatIdentity;
  let provider: Provider = PROVIDER;
  if ('ticket' in input) {
    const raw = await deps.store.take(`wx:ticket:${input.ticket}`);
    if (!raw) throw new AppError('WECHAT_STATE_INVALID', { field: 'ticket' });
    const ticket = JSON.parse(raw) as TicketData;
    // spent even in the wrong browser: a ticket sent to someone else cannot be tried twice
    checkBrowser(ticket.browser, browser);
    who = ticket;
    provider = who.provider ?? PROVIDER;
  } else {
    await takeState(deps, input.state, 'bind', userId, browser);
    who = await oauth.identify(input.code);
  }
  const { db } = deps.database;
  // both limits are unique indexes (one account per WeChat, one WeChat per account): the insert is the check
  const [row] = await db
    .insert(userOauth)
    .values({ userId, provider, openid: who.openid, unionid: who.unionid, nickName: who.nickName })
    .onConflictDoNothing()
    .returning();
  if (row) return { nickName: row.nickName, boundAt: row.createdAt.toISOString() };
  const link = await linkOf(deps, who.openid, provider);
  if (link && link.userId === userId) {
    const [mine] = await db
      .select()
      .from(userOauth)
      .where(and(eq(userOauth.userId, userId), eq(userOauth.provider, provider)));
    return { nickName: mine!.nickName, boundAt: mine!.createdAt.toISOString() };
  }
  throw new AppError(link ? 'WECHAT_TAKEN' : 'WECHAT_ALREADY_BOUND');
}

/** Unlinks every WeChat of the account (the website app's and the official account's) and forgets its payer openids. */
export async function unbind(deps: Pick<AppDeps, 'database'>, userId: number): Promise<void> {
  const gone = await deps.database.db.transaction(async (tx) => {
    const rows = await tx.delete(userOauth).where(eq(userOauth.userId, userId)).returning({ id: userOauth.id });
    if (rows.length) await tx.delete(wechatOpenids).where(eq(wechatOpenids.userId, userId));
    return rows;
  });
  if (!gone.length) throw new AppError('WECHAT_NOT_BOUND');
}

/** api/users/web/man: what the account is linked to beyond its profile. */
export async function accountLinks(deps: Pick<AppDeps, 'database'>, userId: number) {
  const { db } = deps.database;
  const [wechat] = await db
    .select({ nickName: userOauth.nickName, createdAt: userOauth.createdAt })
    .from(userOauth)
    .where(eq(userOauth.userId, userId))
    .orderBy(userOauth.id)
    .limit(1);
  const [channel] = await db
    .select({ id: orgApplications.id, name: orgApplications.name, status: orgApplications.status, orgId: orgApplications.orgId })
    .from(orgApplications)
    .where(eq(orgApplications.userId, userId))
    .orderBy(orgApplications.id)
    .limit(1);
  const [vol] = await db.select({ n: count() }).from(volunteers).where(eq(volunteers.userId, userId));
  const [org] = channel?.orgId ? await db.select({ code: orgs.code }).from(orgs).where(eq(orgs.id, channel.orgId)) : [];
  return {
    wechat: wechat ? { nickName: wechat.nickName, boundAt: wechat.createdAt.toISOString() } : null,
    channel: channel ? { id: channel.id, name: channel.name, code: org?.code ?? null, status: channel.status } : null,
    volunteerApplications: Number(vol?.n ?? 0),
  };
}
