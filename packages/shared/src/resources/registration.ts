import type { ResourceDef } from './types';
import { LEADER_REVIEWS, TEAM_REVIEWS } from '../int-states';

const payStatusOptions = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((v) => ({ value: v, labelKey: `admin:options.payStatus.${v}` }));

/** Players: created by their owners' flows; staff read, filter, export (ID numbers masked) and fix contacts. */
export const playerResource = {
  name: 'players',
  labelKey: 'admin:resources.players',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'teamId', kind: 'ref', ref: 'teams', readOnly: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', required: true, max: 50, list: true, filter: 'like' },
    { name: 'cardMasked', kind: 'text', readOnly: true, list: true },
    { name: 'birth', kind: 'int', format: 'date', readOnly: true, list: true },
    {
      name: 'gender',
      kind: 'enum',
      options: ['M', 'F'].map((v) => ({ value: v, labelKey: `admin:options.playerGender.${v}` })),
      readOnly: true,
      list: true,
    },
    { name: 'programId', kind: 'ref', ref: 'programs', readOnly: true, list: true, filter: 'eq' },
    { name: 'payStatus', kind: 'enum', options: payStatusOptions, readOnly: true, list: true, filter: 'eq', sortable: true },
    { name: 'code', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'emerName', kind: 'text', max: 50, list: true },
    { name: 'emerPhone', kind: 'text', max: 20, list: true },
    { name: 'school', kind: 'text', max: 100 },
    { name: 'reviewReason', kind: 'text', readOnly: true },
  ],
} as const satisfies ResourceDef;

export const teamResource = {
  name: 'teams',
  labelKey: 'admin:resources.teams',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'number', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'name', kind: 'text', required: true, max: 50, list: true, filter: 'like' },
    { name: 'programId', kind: 'ref', ref: 'programs', readOnly: true, list: true, filter: 'eq' },
    {
      name: 'status',
      kind: 'enum',
      options: [1, 2, 7].map((v) => ({ value: v, labelKey: `admin:options.teamStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'orgCode', kind: 'text', readOnly: true, list: true, filter: 'like' },
    { name: 'address', kind: 'text', max: 200 },
    { name: 'orgAddress', kind: 'text', max: 200 },
    { name: 'userId', kind: 'ref', ref: 'accounts', readOnly: true, list: true },
    // team review (spec 4.3): staff move a team between the states (TEAM_REVIEW)
    {
      name: 'reviewStatus',
      kind: 'enum',
      options: TEAM_REVIEWS.map((v) => ({ value: v, labelKey: `admin:options.teamReview.${v}` })),
      list: true,
      filter: 'eq',
    },
    // why the team failed or is suspended (its coach reads it); kept only with those two states
    { name: 'reviewReason', kind: 'text', max: 200 },
  ],
} as const satisfies ResourceDef;

export const leaderResource = {
  name: 'leaders',
  labelKey: 'admin:resources.leaders',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', required: true, max: 50, list: true, filter: 'like' },
    { name: 'phone', kind: 'text', required: true, max: 20, list: true, filter: 'like' },
    { name: 'address', kind: 'text', max: 200 },
    { name: 'code', kind: 'text', readOnly: true, list: true },
    // spec 3 labels: ID number (masked; the number itself is encrypted), review status and reason
    { name: 'cardMasked', kind: 'text', readOnly: true, list: true },
    {
      name: 'reviewStatus',
      kind: 'enum',
      options: LEADER_REVIEWS.map((v) => ({ value: v, labelKey: `admin:options.leaderReview.${v}` })),
      list: true,
      filter: 'eq',
    },
    { name: 'reviewReason', kind: 'text', max: 200 },
  ],
} as const satisfies ResourceDef;

export const codeResource = {
  name: 'redeemCodes',
  labelKey: 'admin:resources.redeemCodes',
  read: 'registrations.manage',
  write: 'registrations.manage',
  defaultSort: 'id,desc',
  creatable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', readOnly: true, list: true, filter: 'eq' },
    { name: 'codeName', kind: 'text', readOnly: true, list: true, filter: 'like' },
    {
      name: 'type',
      kind: 'enum',
      options: [0, 10, 20].map((v) => ({ value: v, labelKey: `admin:options.codeType.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    {
      name: 'status',
      kind: 'enum',
      options: ['available', 'used', 'void'].map((v) => ({ value: v, labelKey: `admin:options.codeStatus.${v}` })),
      readOnly: true,
      list: true,
      filter: 'eq',
    },
    { name: 'ownerUserId', kind: 'int', list: true, filter: 'eq' },
    { name: 'memberId', kind: 'int', readOnly: true, list: true },
    { name: 'batchNo', kind: 'text', readOnly: true, list: true, filter: 'eq' },
    { name: 'priceFen', kind: 'money', readOnly: true },
  ],
} as const satisfies ResourceDef;

export const registrationResources = [teamResource, playerResource, leaderResource, codeResource] as const;
