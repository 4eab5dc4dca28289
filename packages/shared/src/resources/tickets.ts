import type { ResourceDef } from './types';

/** Admin resources of tickets, sessions, visitors and check-in (issue 11). */

const kindOptions = ['audience', 'workshop', 'online'].map((v) => ({ value: v, labelKey: `admin:options.sessionKind.${v}` }));

/** Sessions (spec 3): the validations of spec 5 (entry < start < end) run on the server. */
export const sessionResource = {
  name: 'sessions',
  labelKey: 'admin:resources.sessions',
  read: 'tickets.manage',
  write: 'tickets.manage',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'kind', kind: 'enum', options: kindOptions, default: 'audience', list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'area', kind: 'text', i18n: true, max: 100, list: true },
    { name: 'maxPeople', kind: 'int', min: 0, max: 1_000_000, default: 0, list: true },
    { name: 'taken', kind: 'int', readOnly: true, list: true },
    { name: 'enabled', kind: 'boolean', default: true, list: true },
    { name: 'teamCodePrefix', kind: 'text', max: 16 },
    { name: 'entryTime', kind: 'datetime', required: true, list: true, sortable: true },
    { name: 'startTime', kind: 'datetime', required: true, list: true, sortable: true },
    { name: 'endTime', kind: 'datetime', required: true, list: true },
    { name: 'requireIdCard', kind: 'boolean', default: false },
    { name: 'intro', kind: 'textarea', i18n: true, max: 1000 },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0 },
  ],
} as const satisfies ResourceDef;

/** Tickets (spec 3: name, price, maximum people, type, event, start and end time of sale). */
export const ticketResource = {
  name: 'tickets',
  labelKey: 'admin:resources.tickets',
  read: 'tickets.manage',
  write: 'tickets.manage',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'sessionId', kind: 'ref', ref: 'sessions', dependsOn: 'activityId', required: true, list: true, filter: 'eq' },
    {
      name: 'type',
      kind: 'enum',
      options: [1, 2].map((v) => ({ value: v, labelKey: `admin:options.ticketType.${v}` })),
      default: 1,
      list: true,
      filter: 'eq',
    },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'priceFen', kind: 'money', min: 0, max: 100_000_000, default: 0, list: true, sortable: true },
    { name: 'maxPeople', kind: 'int', min: 1, max: 50, default: 10, list: true },
    { name: 'saleStart', kind: 'datetime', list: true },
    { name: 'saleEnd', kind: 'datetime', list: true },
    { name: 'enabled', kind: 'boolean', default: true, list: true },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0 },
  ],
} as const satisfies ResourceDef;

/** Visitors (the audience): made by orders; staff read and export them. ID numbers only masked. */
export const visitorResource = {
  name: 'visitors',
  labelKey: 'admin:resources.visitors',
  read: 'tickets.manage',
  write: 'tickets.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orderId', kind: 'ref', ref: 'orders', readOnly: true, list: true, filter: 'eq' },
    { name: 'sessionId', kind: 'ref', ref: 'sessions', readOnly: true, list: true, filter: 'eq' },
    { name: 'ticketId', kind: 'ref', ref: 'tickets', readOnly: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'phone', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'cardMasked', kind: 'text', readOnly: true, list: true },
    {
      name: 'status',
      kind: 'enum',
      options: ['held', 'valid', 'used', 'refunding', 'refunded', 'released'].map((v) => ({ value: v, labelKey: `admin:options.visitorStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'usedAt', kind: 'datetime', readOnly: true, list: true },
    { name: 'usedGate', kind: 'text', readOnly: true, list: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** The check-in log: every scan at every gate. */
export const checkinResource = {
  name: 'checkins',
  labelKey: 'admin:resources.checkins',
  read: 'tickets.manage',
  write: 'tickets.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'sessionId', kind: 'ref', ref: 'sessions', readOnly: true, list: true, filter: 'eq' },
    { name: 'visitorId', kind: 'ref', ref: 'visitors', readOnly: true, list: true, filter: 'eq' },
    { name: 'gate', kind: 'text', readOnly: true, list: true, filter: 'like' },
    {
      name: 'result',
      kind: 'enum',
      options: ['admitted', 'used', 'unknown', 'notValid', 'otherSession'].map((v) => ({ value: v, labelKey: `admin:options.checkinResult.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'staffId', kind: 'int', readOnly: true, list: true },
    { name: 'at', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Online match slots (one per team and activity): made by coaches on /onlineReservation; staff read and export them. */
export const onlineSlotResource = {
  name: 'onlineSlots',
  labelKey: 'admin:resources.onlineSlots',
  read: 'tickets.manage',
  write: 'tickets.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'sessionId', kind: 'ref', ref: 'sessions', readOnly: true, list: true, filter: 'eq' },
    { name: 'teamId', kind: 'ref', ref: 'teams', readOnly: true, list: true, filter: 'eq' },
    { name: 'userId', kind: 'int', readOnly: true, list: true, filter: 'eq' },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

export const ticketResources = [sessionResource, ticketResource, visitorResource, onlineSlotResource, checkinResource] as const;
