import { z } from 'zod';
import { GATE_SCAN_OUTCOMES } from '../states';
import { dbId, envelope } from './common';

/**
 * The offline gate's API (issue 38). A staff member who may run a session's door makes a device session for it
 * (admin routes, bearer); the device then calls /api/gate/* with its own token in the X-Gate-Token header.
 */
export const GATE_TOKEN_HEADER = 'x-gate-token';
/** passes per download page; a scan batch's most scans */
export const GATE_PAGE_MAX = 5000;
export const GATE_BATCH_MAX = 500;
/** a scan time this far from the server's clock (or before the device existed) is flagged clockOff */
export const GATE_CLOCK_TOLERANCE_MS = 5 * 60_000;

export const gateDeviceCreateBody = z
  .object({
    sessionId: dbId,
    gate: z.string('validation.required').trim().min(1, 'validation.required').max(40, 'validation.tooLong'),
  })
  .strict();
export const gateDeviceView = z.object({
  id: z.number().int(),
  gate: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  /** who made it (nickname) */
  staffName: z.string(),
  state: z.enum(['active', 'revoked', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastSeenAt: z.string().nullable(),
  /** scans the device said were waiting to be sent, when it was last seen */
  pending: z.number().int(),
});
export type GateDeviceView = z.infer<typeof gateDeviceView>;
/** the token is shown once, to the device being set up */
export const gateDeviceCreateResponse = z.object({ ...envelope, data: z.object({ token: z.string(), device: gateDeviceView }) });
export const gateDeviceIdParams = z.object({ id: dbId });
export const gateOverviewQuery = z.object({ sessionId: dbId });

export const gateConflictView = z.object({
  id: z.number().int(),
  visitorName: z.string(),
  shortCode: z.string().nullable(),
  first: z.object({ gate: z.string(), at: z.string(), offline: z.boolean() }),
  second: z.object({ gate: z.string(), at: z.string(), offline: z.boolean() }),
  /** "admitted twice: East gate 10:01, West gate 10:03, both offline", in the reader's language */
  text: z.string(),
});
export const gateOverviewResponse = z.object({
  ...envelope,
  data: z.object({
    sessionId: z.number().int(),
    sessionName: z.string(),
    admitted: z.number().int(),
    gates: z.array(z.object({ gate: z.string(), admitted: z.number().int() })),
    /** minute = 'YYYY-MM-DD HH:mm' China time */
    perMinute: z.array(z.object({ minute: z.string(), gate: z.string(), admitted: z.number().int() })),
    devices: z.array(gateDeviceView),
    conflicts: z.array(gateConflictView),
  }),
});

export const gateMeResponse = z.object({
  ...envelope,
  data: z.object({ device: gateDeviceView, passCount: z.number().int() }),
});

/** paged download: `after` is the last page's `next` (visitor passes first, then group passes) */
export const gatePassesQuery = z.object({
  after: z
    .string('validation.invalid')
    .regex(/^[vg]\d{1,10}$/, 'validation.invalid')
    .optional(),
  size: z.coerce.number('validation.invalid').int('validation.invalid').min(1, 'validation.tooSmall').max(GATE_PAGE_MAX, 'validation.tooBig').default(2000),
});
/** what the gate keeps: codes, kind, group size, masked name, whether and where it was used — never an ID number or a phone */
export const gatePass = z.object({
  id: z.number().int(),
  kind: z.enum(['visitor', 'group']),
  passCode: z.string(),
  shortCode: z.string().nullable(),
  groupSize: z.number().int(),
  /** a visitor pass's group pass (its order's), null for a group pass */
  groupId: z.number().int().nullable(),
  name: z.string(),
  usedAt: z.string().nullable(),
  usedGate: z.string().nullable(),
});
export type GatePass = z.infer<typeof gatePass>;
export const gatePassesResponse = z.object({
  ...envelope,
  data: z.object({ passes: z.array(gatePass), next: z.string().nullable(), total: z.number().int() }),
});

/** an online scan through the device (the server decides as /api/admin/checkin does) */
export const gateScanBody = z.object({ code: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.tooLong') }).strict();

export const gateSyncScan = z
  .object({
    /** the nonce is the device + this counter, 1, 2, 3… never reused */
    counter: z.number('validation.invalidType').int('validation.invalidType').min(1, 'validation.tooSmall').max(2_147_483_647, 'validation.tooBig'),
    code: z.string('validation.required').trim().min(1, 'validation.required').max(64, 'validation.tooLong'),
    /** when it was scanned, the device's clock (ISO 8601) */
    at: z.iso.datetime({ offset: true, message: 'validation.invalid' }),
    /** what the gate decided offline */
    admitted: z.boolean('validation.invalidType'),
  })
  .strict();
export const gateSyncBody = z
  .object({
    /** the device's clock when sending */
    sentAt: z.iso.datetime({ offset: true, message: 'validation.invalid' }),
    /** scans still waiting on the device after this batch */
    pending: z.number('validation.invalidType').int('validation.invalidType').min(0, 'validation.tooSmall').max(1_000_000, 'validation.tooBig').default(0),
    scans: z.array(gateSyncScan).max(GATE_BATCH_MAX, 'validation.tooMany'),
  })
  .strict();
export const gateSyncResponse = z.object({
  ...envelope,
  data: z.object({
    results: z.array(z.object({ counter: z.number().int(), outcome: z.enum(GATE_SCAN_OUTCOMES), repeated: z.boolean(), reason: z.string() })),
    /** device clock − server clock when the batch was sent */
    clockSkewMs: z.number().int(),
  }),
});

/** other gates' admissions since a cursor (the last answer's), polled every few seconds while online */
export const gateAdmissionsQuery = z.object({
  since: z.coerce.number('validation.invalid').int('validation.invalid').min(0, 'validation.invalid').max(2_147_483_647, 'validation.invalid').default(0),
});
export const gateAdmissionsResponse = z.object({
  ...envelope,
  data: z.object({
    admissions: z.array(z.object({ visitorId: z.number().int(), at: z.string(), gate: z.string() })),
    cursor: z.number().int(),
    /** more than one page was waiting: ask again at once */
    more: z.boolean(),
  }),
});
