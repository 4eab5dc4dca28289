import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index';
import { appCollaborators } from '../../app';
import { afterCommit, EventBus, publish } from '../../lib/events';
import { deliverOutbox } from '../../lib/outbox';
import { useTestApp } from '../../test/context';
import { buildUser, loginAs } from '../../test/factories';
import { buyCodes, payWithSandbox, setupMoney, teamWithPlayers } from '../payments/payments.helpers';
import { client } from '../registration/limits.helpers';
import { maskPersonName } from './outbox-subjects';

/**
 * Issue 34, item 14: Admin → Integrations → event deliveries said "Delivered · Webhooks to partners" for an
 * event no webhook wanted, and no row said which order, player or pass the event was about.
 */
const t = useTestApp({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.2' });

type Row = { eventName: string; subscriber: string; status: string; subject: { kind: string; text: string } | null; webhooks: number | null };

describe('the outbox list (issue 34)', () => {
  it('names each event’s subject (order number, masked player and team, pass, certificate) and how many webhooks took it', async () => {
    const { app, database } = t();
    const db = database.db;
    // the rows of the outbox subscriber `webhooks` as they stand since the webhooks became one hop (issue 36,
    // migration 0033: delivered, the deliveries made in the change's transaction): a subscriber of that name
    const own = app.deps.events;
    app.deps.events = new EventBus({
      inTransaction: appCollaborators().subscribers.inTransaction,
      afterCommit: [afterCommit('webhooks', '*', async () => {})],
    });
    try {
      await listed(app, db);
    } finally {
      app.deps.events = own;
    }
  });

  it('masks a name to its first character', () => {
    expect(maskPersonName('林小雨')).toBe('林**');
    expect(maskPersonName('Ben Lin')).toBe('B****');
    expect(maskPersonName('李')).toBe('李*');
  });
});

async function listed(app: ReturnType<typeof t>['app'], db: ReturnType<typeof t>['database']['db']) {
  {
    const a = await buildUser(db, { roles: ['admin'] });
    const staff = client(app, await loginAs(app, a.username, a.password), 'en');
    const hook = await staff.post('/api/admin/webhooks', { url: 'http://127.0.0.2:9/hook', description: 'Exam platform', events: ['certificate.issued'] });
    expect(hook.statusCode, hook.body).toBe(200);

    const m = await setupMoney(db, app);
    const o = await buyCodes(m.c, m.activity.id, m.plan.id, 1);
    await payWithSandbox(app, m.c, o.orderNo);
    const { team, ids } = await teamWithPlayers(db, m.c, m.activity.id, m.program.id, m.plan.id, 1);
    await db.update(teams).set({ name: 'Rockets' }).where(eq(teams.id, team.id));
    await db.transaction(async (tx) => {
      await publish(app.deps, tx, 'registration.reviewed', {
        memberId: ids[0]!,
        teamId: team.id,
        activityId: m.activity.id,
        programId: m.program.id,
        result: 'passed',
      });
      await publish(app.deps, tx, 'ticket.admitted', {
        passType: 'group',
        passId: 999_999,
        sessionId: 1,
        activityId: null,
        admittedAt: new Date().toISOString(),
      });
      await publish(app.deps, tx, 'certificate.issued', { certificateId: 1, certCode: 'ABCDEFGHJKLMNPQR', activityId: null });
    });
    await deliverOutbox(db, app.deps, { subscribers: ['webhooks'] });

    const list = await staff.get('/api/admin/outbox?pageNo=0&pageSize=50');
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().content as Row[];
    const hooks = (name: string) => rows.find((r) => r.eventName === name && r.subscriber === 'webhooks')!;
    expect(hooks('payment.settled')).toMatchObject({ status: 'delivered', webhooks: 0, subject: { kind: 'order', text: o.orderNo } });
    expect(hooks('certificate.issued')).toMatchObject({ status: 'delivered', webhooks: 1, subject: { kind: 'certificate', text: 'ABCDEFGHJKLMNPQR' } });
    expect(hooks('registration.reviewed')).toMatchObject({ webhooks: 0, subject: { kind: 'player', text: '选** · Rockets' } });
    expect(hooks('ticket.admitted').subject).toEqual({ kind: 'pass', text: '#999999' });
    // other subscribers carry the subject too, and no webhook count
    expect(rows.filter((r) => r.subscriber !== 'webhooks').every((r) => r.webhooks === null)).toBe(true);
    // the player's full name never leaves the server on this screen
    expect(list.body).not.toContain('选手0');
  }
}
