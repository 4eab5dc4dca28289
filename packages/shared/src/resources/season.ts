import type { ResourceDef } from './types';

/**
 * The organisers' remaining resources (issue 14): clothes sizes and other materials, messages to the
 * organisers, live streams, rules-document sign logs, players' change requests, provider settings.
 */

/** Materials (spec 3: name, quantity, remaining quantity, size); type 1 = the clothes sizes players pick. */
export const materialResource = {
  name: 'materials',
  labelKey: 'admin:resources.materials',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    {
      name: 'type',
      kind: 'enum',
      options: [1, 2].map((v) => ({ value: v, labelKey: `admin:options.materialType.${v}` })),
      default: 1,
      list: true,
      filter: 'eq',
    },
    // no list filter: `size` is also the page size of every list query
    { name: 'size', kind: 'text', max: 20, list: true },
    // 0 = not counted; > 0: a player's size takes one of `remaining` (modules/season/materials.service.ts)
    { name: 'quantity', kind: 'int', min: 0, max: 1_000_000, default: 0, list: true, sortable: true },
    { name: 'remaining', kind: 'int', min: 0, max: 1_000_000, default: 0, list: true, sortable: true },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0, list: true, sortable: true },
  ],
} as const satisfies ResourceDef;

const feedbackStatus = ['new', 'answered'].map((v) => ({ value: v, labelKey: `admin:options.feedbackStatus.${v}` }));

/** Messages to the organisers (about page, spec 7.7 lAbout/web/add); staff answer, the person gets a system message. */
export const feedbackResource = {
  name: 'feedback',
  labelKey: 'admin:resources.feedback',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'userId', kind: 'int', readOnly: true, list: true, filter: 'eq' },
    { name: 'content', kind: 'textarea', readOnly: true, list: true, filter: 'like' },
    { name: 'contact', kind: 'text', readOnly: true, list: true },
    { name: 'status', kind: 'enum', options: feedbackStatus, readOnly: true, list: true, filter: 'eq' },
    { name: 'answer', kind: 'textarea', max: 2000 },
    { name: 'answeredAt', kind: 'datetime', readOnly: true, list: true, sortable: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Live streams of an activity (spec 7.3 lLive/web/list): links on the activity page. */
export const liveResource = {
  name: 'lives',
  labelKey: 'admin:resources.lives',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'title', kind: 'text', i18n: true, required: true, max: 200, list: true, filter: 'like' },
    { name: 'url', kind: 'text', required: true, max: 500, list: true },
    { name: 'cover', kind: 'image' },
    { name: 'startTime', kind: 'datetime', list: true, sortable: true, filter: 'range' },
    {
      name: 'status',
      kind: 'enum',
      options: [
        { value: 1, labelKey: 'admin:options.status.1' },
        { value: 0, labelKey: 'admin:options.status.0' },
      ],
      default: 1,
      list: true,
      filter: 'eq',
    },
    { name: 'sort', kind: 'int', min: 0, max: 100_000, default: 0, sortable: true },
  ],
} as const satisfies ResourceDef;

/** Who signed (accepted) which rules document when (spec 7.7 lSignLog/web/pdfSignTime): read and exported only. */
export const signLogResource = {
  name: 'signLogs',
  labelKey: 'admin:resources.signLogs',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'userId', kind: 'int', readOnly: true, list: true, filter: 'eq' },
    { name: 'fileId', kind: 'int', readOnly: true, list: true, filter: 'eq' },
    { name: 'fileName', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'ip', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

const auditStatus = ['pending', 'approved', 'rejected'].map((v) => ({ value: v, labelKey: `admin:options.memberAuditStatus.${v}` }));

/** A coach's request to change a player after payment (spec 7.7 lTeamMemberAudit/web/add); staff approve or reject with a reason. */
export const teamMemberAuditResource = {
  name: 'teamMemberAudits',
  labelKey: 'admin:resources.teamMemberAudits',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'memberId', kind: 'int', readOnly: true, list: true, filter: 'eq' },
    { name: 'memberName', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'userId', kind: 'int', readOnly: true, filter: 'eq' },
    { name: 'reason', kind: 'textarea', readOnly: true, list: true },
    { name: 'content', kind: 'textarea', readOnly: true },
    { name: 'status', kind: 'enum', options: auditStatus, required: true, list: true, filter: 'eq' },
    { name: 'decisionReason', kind: 'textarea', max: 500 },
    { name: 'decidedAt', kind: 'datetime', readOnly: true, list: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true, sortable: true, filter: 'range' },
  ],
} as const satisfies ResourceDef;

/** Provider settings that are not secrets (bucket, region, public endpoints); secrets stay in the environment. */
export const cloudConfigResource = {
  name: 'cloudConfigs',
  labelKey: 'admin:resources.cloudConfigs',
  read: 'users.manage',
  write: 'users.manage',
  defaultSort: 'key,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'key', kind: 'text', required: true, max: 64, list: true, filter: 'like', sortable: true },
    { name: 'value', kind: 'textarea', max: 2000, list: true },
    { name: 'remark', kind: 'text', max: 200, list: true },
    { name: 'updatedAt', kind: 'datetime', readOnly: true, list: true, sortable: true },
  ],
} as const satisfies ResourceDef;

export const seasonResources = [materialResource, feedbackResource, liveResource, signLogResource, teamMemberAuditResource, cloudConfigResource] as const;
