import { describe, expect, it } from 'vitest';
import { visitors } from '../../db/schema/index';
import { useTestApp } from '../../test/context';
import { setupTickets, visitor } from './tickets.helpers';

const get = useTestApp();

describe("visitors' ID numbers (issue 24)", () => {
  it('refuses an 18-character ID number with a wrong GB 11643 check digit under its field; lowercase x and passports pass', async () => {
    const { app, database } = get();
    for (const lang of ['zh', 'en'] as const) {
      const s = await setupTickets(database.db, app, { requireIdCard: true, lang });
      const order = (card: string) =>
        s.c.post('/api/lOrder/web/createOrder', { activityId: s.activity.id, type: 3, ticketId: s.ticket.id, visitors: [visitor(1, { card })] });
      const bad = await order('110105201203047891'); // the check digit is 0
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors['visitors.0.card']).toBe(lang === 'zh' ? '身份证号校验位不正确' : "The ID number's check digit is wrong");
      expect((await order('11010519491231002x')).statusCode).toBe(200);
      expect((await order('E12345678')).statusCode).toBe(200);
    }
    expect(await database.db.select().from(visitors)).toHaveLength(4);
  });
});
