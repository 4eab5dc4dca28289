import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@rp/shared';
import type { AppDeps } from '../../app';
import { orgApplications, orgs, userOauth, users, volunteers } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { startSession, type ClientInfo, type LoginResult } from '../auth/auth.service';
import type { WechatIdentity, WechatOAuth } from './oauth';

/**
 * WeChat login and linking (spec 7.1 wxScan / wxBind). A round trip starts with a state of 32 random bytes
 * kept 10 minutes in the shared store and taken once (a forged, replayed or other-purpose state is refused
 * before WeChat is asked); a scan of a WeChat no account is linked to yields a ticket, also single use,
 * that links it once the person has logged in.
 */
const PROVIDER = 'wechat';
const TTL_S = 10 * 60;
type Purpose = 'login' | 'bind';
interface StateData {
  purpose: Purpose;
  userId: number | null;
  redirect: string;
}

const token = () => crypto.randomBytes(32).toString('base64url');
const stateInvalid = () => new AppError('WECHAT_STATE_INVALID', { field: 'state' });

/** A path of this site (the same rule as the web app's redirects): anything else becomes "/". */
export function sitePath(v: string | undefined): string {
  if (!v || !v.startsWith('/') || v.startsWith('//') || /[\\\u0000-\u001f]/.test(v)) return '/';
  return v.slice(0, 500);
}

/** Step 1: the state, and the address the browser goes to. redirect_uri is on this site. */
export async function authorize(
  deps: AppDeps,
  oauth: WechatOAuth,
  input: { purpose: Purpose; redirect?: string; userId: number | null; origin: string; lang: 'zh' | 'en' },
): Promise<string> {
  const state = token();
  const data: StateData = { purpose: input.purpose, userId: input.userId, redirect: sitePath(input.redirect) };
  await deps.store.set(`wx:state:${state}`, JSON.stringify(data), TTL_S);
  const back = input.purpose === 'login' ? `${input.origin}/login?wx=1` : `${input.origin}/userCenter?t=1&wx=bind`;
  return oauth.authorizeUrl(back, state, input.lang);
}

async function takeState(deps: AppDeps, state: string, purpose: Purpose, userId: number | null): Promise<StateData> {
  const raw = await deps.store.take(`wx:state:${state}`);
  if (!raw) throw stateInvalid();
  const data = JSON.parse(raw) as StateData;
  // a state is spent even when it is used for the wrong thing: a stolen one cannot be tried twice
  if (data.purpose !== purpose || data.userId !== userId) throw stateInvalid();
  return data;
}

async function linkOf(deps: AppDeps, openid: string) {
  const [row] = await deps.database.db
    .select({ userId: userOauth.userId, status: users.status })
    .from(userOauth)
    .innerJoin(users, eq(users.id, userOauth.userId))
    .where(and(eq(userOauth.provider, PROVIDER), eq(userOauth.openid, openid)))
    .limit(1);
  return row;
}

export type ScanResult =
  { bound: true; login: LoginResult; wechatName: string; redirect: string } | { bound: false; ticket: string; wechatName: string; redirect: string };

/** wxScan: the code WeChat sent back → the linked account logged in, or a ticket to link this WeChat. */
export async function scan(deps: AppDeps, oauth: WechatOAuth, input: { code: string; state: string }, client: ClientInfo): Promise<ScanResult> {
  const state = await takeState(deps, input.state, 'login', null);
  const who = await oauth.identify(input.code);
  const link = await linkOf(deps, who.openid);
  if (link) {
    if (link.status !== ACCOUNT_STATUS.ACTIVE) throw new AppError('ACCOUNT_DISABLED');
    return { bound: true, login: await startSession(deps, link.userId, false, client), wechatName: who.nickName, redirect: state.redirect };
  }
  const ticket = token();
  await deps.store.set(`wx:ticket:${ticket}`, JSON.stringify(who), TTL_S);
  return { bound: false, ticket, wechatName: who.nickName, redirect: state.redirect };
}

/** wxBind (logged in): links the WeChat of a bind round trip, or of an unlinked scan's ticket. */
export async function bind(
  deps: AppDeps,
  oauth: WechatOAuth,
  userId: number,
  input: { code: string; state: string } | { ticket: string },
): Promise<{ nickName: string; boundAt: string }> {
  let who: WechatIdentity;
  if ('ticket' in input) {
    const raw = await deps.store.take(`wx:ticket:${input.ticket}`);
    if (!raw) throw new AppError('WECHAT_STATE_INVALID', { field: 'ticket' });
    who = JSON.parse(raw) as WechatIdentity;
  } else {
    await takeState(deps, input.state, 'bind', userId);
    who = await oauth.identify(input.code);
  }
  const { db } = deps.database;
  // both limits are unique indexes (one account per WeChat, one WeChat per account): the insert is the check
  const [row] = await db
    .insert(userOauth)
    .values({ userId, provider: PROVIDER, openid: who.openid, unionid: who.unionid, nickName: who.nickName })
    .onConflictDoNothing()
    .returning();
  if (row) return { nickName: row.nickName, boundAt: row.createdAt.toISOString() };
  const link = await linkOf(deps, who.openid);
  if (link && link.userId === userId) {
    const [mine] = await db
      .select()
      .from(userOauth)
      .where(and(eq(userOauth.userId, userId), eq(userOauth.provider, PROVIDER)));
    return { nickName: mine!.nickName, boundAt: mine!.createdAt.toISOString() };
  }
  throw new AppError(link ? 'WECHAT_TAKEN' : 'WECHAT_ALREADY_BOUND');
}

export async function unbind(deps: AppDeps, userId: number): Promise<void> {
  const gone = await deps.database.db
    .delete(userOauth)
    .where(and(eq(userOauth.userId, userId), eq(userOauth.provider, PROVIDER)))
    .returning({ id: userOauth.id });
  if (!gone.length) throw new AppError('WECHAT_NOT_BOUND');
}

/** api/users/web/man: what the account is linked to beyond its profile. */
export async function accountLinks(deps: AppDeps, userId: number) {
  const { db } = deps.database;
  const [wechat] = await db
    .select({ nickName: userOauth.nickName, createdAt: userOauth.createdAt })
    .from(userOauth)
    .where(and(eq(userOauth.userId, userId), eq(userOauth.provider, PROVIDER)));
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
