import { z } from 'zod';
import { NAME_MAX } from '../limits';
import { PHONE_RE } from '../rules/phone';
import { ID_CARD_18_RE, idCardProblem } from '../rules/id-card';
import { SALE_STATES, SESSION_KINDS, SESSION_STATES } from '../rules/tickets';
import { dbId, envelope } from './common';

/** The API contract of tickets, sessions, pass codes and check-in (issue 11). */

/** Most visitors on one ticket order (a ticket's own maximum may be lower). */
export const TICKET_ORDER_MAX = 50;

export const visitorInput = z
  .object({
    name: z.string('validation.required').trim().min(1, 'validation.required').max(NAME_MAX, 'validation.tooLong'),
    phone: z.string('validation.phone').trim().regex(PHONE_RE, 'validation.phone'),
    /** an ID number, when the session asks for one (mainland ID or passport) */
    card: z
      .string('validation.invalidType')
      .trim()
      .max(30, 'validation.tooLong')
      // an 18-character mainland ID number must carry its GB 11643 check digit (passports pass as typed)
      .refine((v) => !ID_CARD_18_RE.test(v) || idCardProblem(v) !== 'checkDigit', 'reg.idCheckDigit')
      .default(''),
  })
  .strict();
export type VisitorInput = z.infer<typeof visitorInput>;

/** Tickets of an order: one ticket × its visitors (spec 3 maximum people per order). */
export const ticketOrderFields = {
  ticketId: dbId.optional(),
  visitors: z.array(visitorInput).min(1, 'validation.required').max(TICKET_ORDER_MAX, 'validation.tooBig').optional(),
};

/** POST api/lAtelier/web/create: book a workshop (free ones are booked at once, paid ones wait for payment). */
export const atelierCreateBody = z
  .object({ activityId: dbId, ticketId: dbId, visitors: z.array(visitorInput).min(1, 'validation.required').max(TICKET_ORDER_MAX, 'validation.tooBig') })
  .strict();

export const sessionListQuery = z.object({ activityId: dbId, kind: z.enum(SESSION_KINDS, 'validation.invalidOption').optional() });

export const ticketView = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  priceFen: z.number().int(),
  maxPeople: z.number().int(),
  saleStart: z.string().nullable(),
  saleEnd: z.string().nullable(),
  /** spec 4.3 ticket sale */
  saleState: z.enum(SALE_STATES),
});
export const sessionView = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  kind: z.enum(SESSION_KINDS),
  name: z.string(),
  area: z.string(),
  intro: z.string(),
  maxPeople: z.number().int(),
  /** null: unlimited */
  placesLeft: z.number().int().nullable(),
  teamCodePrefix: z.string(),
  entryTime: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  requireIdCard: z.boolean(),
  /** spec 4.3 session */
  state: z.enum(SESSION_STATES),
  /** whether the activity takes sign-ups for it now: an audience session only while the activity's audience sign-up is on */
  signupOpen: z.boolean(),
  tickets: z.array(ticketView),
});
export type SessionView = z.infer<typeof sessionView>;
export const sessionListResponse = z.object({ ...envelope, content: z.array(sessionView) });

/** POST api/lTicket/sUrl/getPassCode: the pass codes of a paid ticket order (its owner only). */
export const passCodeBody = z
  .object({
    orderNo: z
      .string('validation.required')
      .trim()
      .regex(/^[A-Z0-9]{8,32}$/, 'validation.invalid'),
  })
  .strict();
export const visitorView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  name: z.string(),
  phoneMasked: z.string(),
  cardMasked: z.string(),
  /** the event (activity) the pass admits to, in the reader's language */
  activityName: z.string(),
  ticketName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  area: z.string(),
  entryTime: z.string(),
  startTime: z.string(),
  /** 'held' | 'valid' | 'used' | 'refunding' | 'refunded' | 'released' */
  status: z.string(),
  /** shown only once the order is paid */
  passCode: z.string().nullable(),
  /** the same pass's short code (12 characters, stored ungrouped; printed under the QR, typed at the gate), shown with passCode */
  shortCode: z.string().nullable(),
  usedAt: z.string().nullable(),
});
export type VisitorView = z.infer<typeof visitorView>;
export const passCodeResponse = z.object({
  ...envelope,
  data: z.object({ orderNo: z.string(), groupCode: z.string().nullable(), groupShortCode: z.string().nullable(), visitors: z.array(visitorView) }),
});
export const myVisitorsResponse = z.object({ ...envelope, content: z.array(visitorView) });

/** Check-in at a gate: one scan of a visitor's pass code or an order's group code, or either's short code typed in any case. */
export const checkinBody = z
  .object({
    code: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    gate: z.string('validation.invalidType').trim().max(32, 'validation.tooLong').default(''),
    /** the session this gate admits; a pass of another session is refused */
    sessionId: dbId.optional(),
  })
  .strict();
export const checkinResponse = z.object({
  ...envelope,
  data: z.object({
    result: z.enum(['admitted', 'used', 'unknown', 'notValid', 'otherSession']),
    admitted: z.number().int(),
    names: z.array(z.string()),
    sessionName: z.string(),
    usedAt: z.string().nullable(),
    usedGate: z.string().nullable(),
  }),
});
export const checkinStatsQuery = z.object({ sessionId: dbId });
export const checkinStatsResponse = z.object({
  ...envelope,
  data: z.object({ sessionId: z.number().int(), sold: z.number().int(), admitted: z.number().int(), maxPeople: z.number().int() }),
});

/** Online match slots (/onlineMatch, /onlineReservation): one per team, changed or cancelled before the entry time. */
export const onlineReserveBody = z.object({ activityId: dbId, teamId: dbId, sessionId: dbId }).strict();
export const onlineCancelBody = z.object({ activityId: dbId, teamId: dbId }).strict();
export const onlineMineQuery = z.object({ activityId: dbId });
export const onlineReservationView = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  teamCodePrefix: z.string(),
  entryTime: z.string(),
  startTime: z.string(),
});
export const onlineMineResponse = z.object({ ...envelope, content: z.array(onlineReservationView) });
export const onlineReserveResponse = z.object({ ...envelope, data: onlineReservationView });

/** Waiting list of a sold-out session. */
export const waitlistJoinBody = z
  .object({
    sessionId: dbId,
    quantity: z
      .number('validation.invalidType')
      .int('validation.invalidType')
      .min(1, 'validation.tooSmall')
      .max(TICKET_ORDER_MAX, 'validation.tooBig')
      .default(1),
  })
  .strict();
export const waitlistLeaveBody = z.object({ sessionId: dbId }).strict();
export const waitlistResponse = z.object({
  ...envelope,
  data: z.object({ id: z.number().int(), sessionId: z.number().int(), quantity: z.number().int(), status: z.string(), offeredUntil: z.string().nullable() }),
});
