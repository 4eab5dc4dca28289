import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';

let seq = 0;
/** A unique mainland phone number per call. */
export function nextPhone(): string {
  seq += 1;
  return `139${String(10_000_000 + ((process.pid * 7919 + seq) % 89_999_999)).padStart(8, '0')}`;
}

export async function buildUser(
  db: Db,
  over: Partial<{ phone: string; username: string; password: string; nickName: string; roles: string[]; status: number }> = {},
) {
  const phone = over.phone ?? nextPhone();
  const password = over.password ?? 'secret-pass-1';
  const [row] = await db
    .insert(users)
    .values({
      username: over.username ?? phone,
      phone: over.username && !over.phone ? null : phone,
      passwordHash: await hashPassword(password),
      nickName: over.nickName ?? 'Coach Li',
      roles: over.roles ?? ['member'],
      status: over.status ?? 1,
    })
    .returning();
  return { ...row!, phone, password };
}

/** Logs in through the real endpoint and returns the bearer header. */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<{ authorization: string }> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', payload: { username, password, code: '', uuid: '' } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { authorization: `Bearer ${res.json().token as string}` };
}
