import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { client } from '../registration/limits.helpers';
import { setupTickets, visitor } from '../tickets/tickets.helpers';
import { buyCodes, setupMoney, teamWithPlayers } from './payments.helpers';

const get = useTestApp();

/** An order's line labels as its buyer (member's detail) and as staff (admin's detail) read it in zh and in en. */
async function linesIn(orderNo: string, buyer: Record<string, string>) {
  const { app, database } = get();
  const admin = await buildUser(database.db, { roles: ['admin'] });
  const staff = await loginAs(app, admin.phone, admin.password);
  const out: Record<string, string[]> = {};
  for (const lang of ['zh', 'en']) {
    const mine = (await client(app, buyer, lang).get(`/api/lOrder/web/find?orderNo=${orderNo}`)).json().data;
    const theirs = (await client(app, staff, lang).get(`/api/admin/orderDetail/${mine.id}`)).json().data;
    const labels = (o: { items: { label: string }[] }) => o.items.map((i) => i.label);
    expect(labels(theirs)).toEqual(labels(mine));
    out[lang] = labels(mine);
  }
  return out;
}

describe("order lines read in the reader's language (issue 34, item 11)", () => {
  it('a ticket order bought in Chinese reads its ticket in English for an English reader, member and staff alike', async () => {
    const { app, database } = get();
    const s = await setupTickets(database.db, app, { lang: 'zh' });
    const r = await s.c.post('/api/lOrder/web/createOrder', {
      activityId: s.activity.id,
      type: 3,
      ticketId: s.ticket.id,
      visitors: [visitor(1, { name: '林小雨' }), visitor(2, { name: 'Amy Lin' })],
    });
    expect(r.statusCode).toBe(200);
    expect(await linesIn(r.json().data.orderNo, s.h)).toEqual({
      zh: ['观众票 · 林小雨', '观众票 · Amy Lin'],
      en: ['Audience ticket · 林小雨', 'Audience ticket · Amy Lin'],
    });
  });

  it("a code order bought in English reads its plan's Chinese name for a Chinese reader; a fee order's lines are its players' names", async () => {
    const { database } = get();
    const m = await setupMoney(database.db, get().app, { lang: 'en' });
    const codes = await buyCodes(m.c, m.activity.id, m.plan.id, 2);
    expect(await linesIn(codes.orderNo, m.h)).toEqual({ zh: ['标准报名', '标准报名'], en: ['Standard entry', 'Standard entry'] });

    const { ids } = await teamWithPlayers(database.db, m.c, m.activity.id, m.program.id, m.plan.id, 2);
    const fee = await m.c.post('/api/lOrder/web/createOrder', { activityId: m.activity.id, type: 2, memberIds: ids });
    expect(fee.statusCode).toBe(200);
    expect(await linesIn(fee.json().data.orderNo, m.h)).toEqual({ zh: ['选手0', '选手1'], en: ['选手0', '选手1'] });
  });
});
