import { ACCOUNT_STATUS } from './roles';
import { ACTIVITY_STATUS } from './rules/activity-window';
import { ORDER_TYPE } from './rules/money';
import { LEADER_REVIEW, PAY_STATUS, TEAM_REVIEW, TEAM_STATUS } from './rules/registration';

/**
 * The values of every integer state and type column (issue 36, item 4), once: the database refuses any
 * other number with a CHECK built from these (apps/server/src/db/schema/states.ts, `oneOfInts`), and
 * apps/server/src/db/states.test.ts walks every integer state/type column of the database, so a new one
 * without a check fails it. The text states live in states.ts.
 */
const values = <T extends Record<string, number>>(o: T) => Object.values(o) as T[keyof T][];

/** 1 shown, 0 hidden: news, partners, official files, consoles, photos, lives, saved addresses */
export const SHOWN_STATUSES = [0, 1] as const;
export const ACCOUNT_STATUSES = values(ACCOUNT_STATUS);
export const ACTIVITY_STATUSES = values(ACTIVITY_STATUS);
/** 1, 2, 3: the activity's kind and its event's kind (labels: admin:options.activityType / eventType) */
export const ACTIVITY_TYPES = [1, 2, 3] as const;
export const EVENT_TYPES = [1, 2, 3] as const;
/** 2: the activity reviews players before they pay */
export const ACTIVITY_LEVELS = [1, 2] as const;
export const PROGRAM_TYPES = [0, 1] as const;
/** 0 universal; program type 0 takes 10, type 1 takes 20 (codeFitsProgram) */
export const CODE_TYPES = [0, 10, 20] as const;
/** 1 clothes size (what players pick), 2 other material (the admin form's two kinds) */
export const MATERIAL_TYPES = [1, 2] as const;
export const PARTNER_TYPES = [1, 2] as const;
/** 1 system notice, 2 consultation reply */
export const MESSAGE_TYPES = [1, 2] as const;
export const ORDER_TYPES = values(ORDER_TYPE);
/** a channel partner's kind (labels: admin:options.channelType) */
export const CHANNEL_TYPES = [1, 2, 3] as const;
/** a channel partner's state (labels: admin:options.channelStatus) */
export const CHANNEL_STATUSES = [0, 1, 2, 3, 4] as const;
/** a leading teacher: status 1 and type 1 as created (the old API's fields, kept) */
export const LEADER_STATUSES = [0, 1] as const;
export const LEADER_TYPES = [1] as const;
/** set to 1 whenever a team, player or leader is created (spec 4.1) */
export const COLLECT_STATUSES = [0, 1] as const;
export const TEAM_STATUSES = values(TEAM_STATUS);
/** team review (spec 4.3): rules/registration.ts TEAM_REVIEW */
export const TEAM_REVIEWS = values(TEAM_REVIEW);
/** a leading teacher's review: rules/registration.ts LEADER_REVIEW */
export const LEADER_REVIEWS = values(LEADER_REVIEW);
/** 0 mainland ID card, 1 passport */
export const CARD_TYPES = [0, 1] as const;
export const PAY_STATUSES = values(PAY_STATUS);
/** 2 withdraw with a refund by tier, 3 withdraw by code */
export const WITHDRAWAL_TYPES = [2, 3] as const;
/** 1 audience, 2 workshop */
export const TICKET_TYPES = [1, 2] as const;
