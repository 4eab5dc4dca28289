import type { ResourceDef } from './types';

/** Admin resources of issue 13: an activity's award list. */
const awardKindOptions = ['team', 'player', 'leader', 'volunteer'].map((v) => ({ value: v, labelKey: `admin:options.awardKind.${v}` }));

export const awardResource = {
  name: 'awards',
  labelKey: 'admin:resources.awards',
  read: 'awards.manage',
  write: 'awards.manage',
  defaultSort: 'rank,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'programId', kind: 'ref', ref: 'programs', list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'rank', kind: 'int', min: 1, max: 1000, default: 1, list: true, sortable: true },
    { name: 'kind', kind: 'enum', options: awardKindOptions, required: true, default: 'team', list: true, filter: 'eq' },
    { name: 'promotes', kind: 'boolean', default: false, list: true },
  ],
} as const satisfies ResourceDef;

export const awardResources = [awardResource] as const;
