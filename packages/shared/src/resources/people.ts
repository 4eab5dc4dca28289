import type { ResourceDef } from './types';

/** Admin resources of issue 12: the FAQ (help widget), volunteers, channel partners and their rebates. */

/** FAQ (spec 5: question and answer both needed; both languages, checked on the server). */
export const faqResource = {
  name: 'faqs',
  labelKey: 'admin:resources.faqs',
  read: 'consult.answer',
  write: 'consult.answer',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'question', kind: 'text', i18n: true, required: true, max: 200, list: true, filter: 'like' },
    { name: 'answer', kind: 'textarea', i18n: true, required: true, max: 2000 },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0, list: true, sortable: true },
  ],
} as const satisfies ResourceDef;

/** Positions an activity offers its volunteers. */
export const volunteerPositionResource = {
  name: 'volunteerPositions',
  labelKey: 'admin:resources.volunteerPositions',
  read: 'volunteers.manage',
  write: 'volunteers.manage',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'description', kind: 'textarea', i18n: true, max: 1000 },
    { name: 'quota', kind: 'int', min: 0, max: 100_000, default: 0, list: true },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0 },
  ],
} as const satisfies ResourceDef;

const volunteerStateOptions = ['applied', 'preGrouped', 'admitted', 'reassigned', 'confirmed', 'full'].map((v) => ({
  value: v,
  labelKey: `admin:options.volunteerState.${v}`,
}));

/** Volunteer applications: made on /volunteer_pc; staff set the state (spec 4.3), group and position. */
export const volunteerResource = {
  name: 'volunteers',
  labelKey: 'admin:resources.volunteers',
  read: 'volunteers.manage',
  write: 'volunteers.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'phone', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'positionId', kind: 'ref', ref: 'volunteerPositions', readOnly: true, list: true, filter: 'eq' },
    { name: 'status', kind: 'enum', options: volunteerStateOptions, required: true, list: true, filter: 'eq' },
    { name: 'assignedPositionId', kind: 'ref', ref: 'volunteerPositions', list: true },
    { name: 'groupName', kind: 'text', max: 50, list: true, filter: 'like' },
    { name: 'note', kind: 'textarea', max: 500 },
    { name: 'birthDate', kind: 'text', readOnly: true },
    { name: 'email', kind: 'text', readOnly: true },
    { name: 'availability', kind: 'textarea', readOnly: true },
    { name: 'experience', kind: 'textarea', readOnly: true },
    { name: 'resume', kind: 'text', readOnly: true },
    { name: 'guardianName', kind: 'text', readOnly: true },
    { name: 'guardianPhone', kind: 'text', readOnly: true },
    { name: 'guardianConsent', kind: 'boolean', readOnly: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

const channelTypeOptions = [1, 2, 3].map((v) => ({ value: v, labelKey: `admin:options.channelType.${v}` }));

/** Channel partner applications (lOrgRobotex/web/apply): staff approve or reject them on the review page. */
export const channelApplicationResource = {
  name: 'channelApplications',
  labelKey: 'admin:resources.channelApplications',
  read: 'channels.manage',
  write: 'channels.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'type', kind: 'enum', options: channelTypeOptions, readOnly: true, list: true, filter: 'eq' },
    {
      name: 'status',
      kind: 'enum',
      options: ['pending', 'approved', 'rejected'].map((v) => ({ value: v, labelKey: `admin:options.applicationStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'contactName', kind: 'text', readOnly: true, list: true },
    { name: 'contactPhone', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'address', kind: 'text', readOnly: true },
    { name: 'licenseNo', kind: 'text', readOnly: true },
    { name: 'intro', kind: 'textarea', readOnly: true },
    { name: 'orgId', kind: 'int', readOnly: true, list: true },
    { name: 'rejectReason', kind: 'text', readOnly: true },
    { name: 'userId', kind: 'int', readOnly: true, filter: 'eq' },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Channels (spec 3: name, address, type, code, rebate ratio, status with 4.3's labels). */
export const channelResource = {
  name: 'channels',
  labelKey: 'admin:resources.channels',
  read: 'channels.manage',
  write: 'channels.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', required: true, max: 100, list: true, filter: 'like' },
    { name: 'code', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'type', kind: 'enum', options: channelTypeOptions, default: 3, list: true, filter: 'eq' },
    { name: 'address', kind: 'text', max: 200 },
    { name: 'rebatePerMille', kind: 'permille', min: 0, max: 500, default: 0, list: true },
    {
      name: 'status',
      kind: 'enum',
      options: [0, 1, 2, 3, 4].map((v) => ({ value: v, labelKey: `admin:options.channelStatus.${v}` })),
      default: 1,
      list: true,
      filter: 'eq',
    },
  ],
} as const satisfies ResourceDef;

/** Rebates: made by paid registrations of bound teams; read and exported by staff. */
export const rebateResource = {
  name: 'rebates',
  labelKey: 'admin:resources.rebates',
  read: 'channels.manage',
  write: 'channels.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orgId', kind: 'ref', ref: 'channels', readOnly: true, list: true, filter: 'eq' },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'orderId', kind: 'ref', ref: 'orders', readOnly: true, list: true, filter: 'eq' },
    { name: 'baseFen', kind: 'money', readOnly: true, list: true },
    { name: 'perMille', kind: 'permille', readOnly: true, list: true },
    { name: 'amountFen', kind: 'money', readOnly: true, list: true, sortable: true },
    {
      name: 'status',
      kind: 'enum',
      options: ['accrued', 'void'].map((v) => ({ value: v, labelKey: `admin:options.rebateStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Rebate cash withdrawals (spec 4.3: in payment, completed, abnormal); staff record them on the review page. */
export const rebateWithdrawalResource = {
  name: 'rebateWithdrawals',
  labelKey: 'admin:resources.rebateWithdrawals',
  read: 'channels.manage',
  write: 'channels.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'orgId', kind: 'ref', ref: 'channels', readOnly: true, list: true, filter: 'eq' },
    { name: 'amountFen', kind: 'money', readOnly: true, list: true, sortable: true },
    {
      name: 'method',
      kind: 'enum',
      options: ['enterprise', 'wallet', 'bank'].map((v) => ({ value: v, labelKey: `admin:options.withdrawMethod.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'accountName', kind: 'text', readOnly: true, list: true },
    { name: 'account', kind: 'text', readOnly: true, list: true },
    { name: 'bankName', kind: 'text', readOnly: true },
    {
      name: 'status',
      kind: 'enum',
      options: ['paying', 'completed', 'abnormal'].map((v) => ({ value: v, labelKey: `admin:options.withdrawStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'note', kind: 'text', readOnly: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

export const peopleResources = [
  faqResource,
  volunteerPositionResource,
  volunteerResource,
  channelApplicationResource,
  channelResource,
  rebateResource,
  rebateWithdrawalResource,
] as const;
