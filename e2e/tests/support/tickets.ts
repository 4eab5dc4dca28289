import type { APIRequestContext } from '@playwright/test';
import { expect } from './test';
import { adminAuth, registerMember, type Member } from './foundation';

const ACTIVITY = 600; // the demo season (seed)
const H = 3_600_000;

/**
 * A free audience session of the seed's activity starting `hoursAhead` from now, with its free ticket, and one
 * booking of `visitors` by a new member (issues 24 and 38: the gate's journeys); through the API.
 */
export async function freeSessionBooked(
  request: APIRequestContext,
  s: { nameZh: string; nameEn: string; areaZh: string; areaEn: string; hoursAhead: number },
  visitors: { name: string; phone: string }[],
  buyer: string,
): Promise<{ sessionId: number; visitor: Member }> {
  const admin = await adminAuth(request);
  const start = Date.now() + s.hoursAhead * H;
  const session = await request.post('/api/admin/sessions', {
    headers: admin,
    data: {
      activityId: ACTIVITY,
      kind: 'audience',
      nameZh: s.nameZh,
      nameEn: s.nameEn,
      areaZh: s.areaZh,
      areaEn: s.areaEn,
      maxPeople: 0,
      entryTime: new Date(start - H).toISOString(),
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3 * H).toISOString(),
    },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const sessionId = (await session.json()).data.id as number;
  const ticket = await request.post('/api/admin/tickets', {
    headers: admin,
    data: { activityId: ACTIVITY, sessionId, type: 1, nameZh: '免费观众票', nameEn: 'Free audience ticket', priceFen: 0, maxPeople: 5 },
  });
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const visitor = await registerMember(request, buyer);
  const order = await request.post('/api/lOrder/web/createOrder', {
    headers: visitor.headers,
    data: { activityId: ACTIVITY, type: 3, ticketId: (await ticket.json()).data.id, visitors },
  });
  expect(order.ok(), await order.text()).toBe(true);
  return { sessionId, visitor };
}
