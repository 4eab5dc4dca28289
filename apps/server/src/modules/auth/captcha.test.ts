import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/context';
import { buildUser } from '../../test/factories';

const t = useTestApp({ CAPTCHA_ENABLED: 'true' });

async function answerOf(uuid: string): Promise<string> {
  const r = await t().database.db.execute(sql`select value from kv where key = ${'captcha:' + uuid}`);
  return (r as { rows: { value: string }[] }).rows[0]!.value;
}

describe('captcha (GET /auth/code)', () => {
  it('issues an svg image and a uuid; the answer stays on the server', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/auth/code' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.enabled).toBe(true);
    expect(JSON.stringify(body)).not.toContain(await answerOf(body.uuid));
  });

  it('accepts the right answer once; a reused captcha is spent', async () => {
    const u = await buildUser(t().database.db);
    const { uuid } = (await t().app.inject({ method: 'GET', url: '/auth/code' })).json();
    const code = (await answerOf(uuid)).toUpperCase(); // case-insensitive
    const ok = await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: u.phone, password: u.password, code, uuid } });
    expect(ok.statusCode).toBe(200);
    const reused = await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: u.phone, password: u.password, code, uuid } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
  });

  it('spends the captcha on a wrong answer and does not count it as a password failure', async () => {
    const u = await buildUser(t().database.db);
    const { uuid } = (await t().app.inject({ method: 'GET', url: '/auth/code' })).json();
    const answer = await answerOf(uuid);
    const wrong = await t().app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'accept-language': 'en' },
      payload: { username: u.phone, password: u.password, code: 'zzzz', uuid },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The captcha is wrong or has expired');
    const late = await t().app.inject({ method: 'POST', url: '/auth/login', payload: { username: u.phone, password: u.password, code: answer, uuid } });
    expect(late.statusCode).toBe(400);
  });
});
