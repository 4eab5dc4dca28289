import type { ResourceDef } from './types';

/** The organiser's departments (a tree: parent) and posts; staff accounts name one of each (issue 14). */
export const departmentResource = {
  name: 'departments',
  labelKey: 'admin:resources.departments',
  read: 'roles.manage',
  write: 'roles.manage',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 60, list: true, filter: 'like' },
    { name: 'parentId', kind: 'ref', ref: 'departments', list: true, filter: 'eq' },
    { name: 'sort', kind: 'int', min: 0, max: 9999, default: 0, list: true, sortable: true },
    { name: 'enabled', kind: 'boolean', default: true, list: true },
  ],
} as const satisfies ResourceDef;

export const postResource = {
  name: 'posts',
  labelKey: 'admin:resources.posts',
  read: 'roles.manage',
  write: 'roles.manage',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'code', kind: 'text', max: 40, list: true, filter: 'like' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 60, list: true, filter: 'like' },
    { name: 'sort', kind: 'int', min: 0, max: 9999, default: 0, list: true, sortable: true },
    { name: 'enabled', kind: 'boolean', default: true, list: true },
  ],
} as const satisfies ResourceDef;

export const accessResources = [departmentResource, postResource] as const;
