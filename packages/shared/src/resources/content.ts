import type { ResourceDef } from './types';

const status = [
  { value: 1, labelKey: 'admin:options.status.1' },
  { value: 0, labelKey: 'admin:options.status.0' },
] as const;

export const newsResource = {
  name: 'news',
  labelKey: 'admin:resources.news',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'publishedAt,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'title', kind: 'text', i18n: true, required: true, max: 200, list: true, filter: 'like' },
    { name: 'summary', kind: 'textarea', i18n: true, max: 500 },
    { name: 'content', kind: 'richText', i18n: true, max: 200_000 },
    { name: 'cover', kind: 'image' },
    { name: 'status', kind: 'enum', options: status, default: 1, list: true, filter: 'eq' },
    { name: 'publishedAt', kind: 'datetime', list: true, sortable: true },
  ],
} as const satisfies ResourceDef;

export const programResource = {
  name: 'programs',
  labelKey: 'admin:resources.programs',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', required: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    {
      name: 'type',
      kind: 'enum',
      options: [
        { value: 0, labelKey: 'admin:options.programType.0' },
        { value: 1, labelKey: 'admin:options.programType.1' },
      ],
      default: 0,
      list: true,
      filter: 'eq',
    },
    { name: 'maxMembers', kind: 'int', required: true, min: 1, max: 50, list: true },
    { name: 'minAge', kind: 'int', min: 3, max: 30 },
    { name: 'maxAge', kind: 'int', min: 3, max: 30 },
    { name: 'places', kind: 'int', min: 1, max: 1_000_000, list: true },
    {
      name: 'gender',
      kind: 'enum',
      options: [
        { value: 'F', labelKey: 'admin:options.gender.F' },
        { value: 'M', labelKey: 'admin:options.gender.M' },
      ],
    },
    { name: 'intro', kind: 'richText', i18n: true, max: 100_000 },
    { name: 'cover', kind: 'image' },
    { name: 'sort', kind: 'int', default: 0, sortable: true },
  ],
} as const satisfies ResourceDef;

export const activityResource = {
  name: 'activities',
  labelKey: 'admin:resources.activities',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 200, list: true, filter: 'like' },
    { name: 'intro', kind: 'richText', i18n: true, max: 100_000 },
    { name: 'detail', kind: 'richText', i18n: true, max: 200_000 },
    { name: 'venue', kind: 'text', i18n: true, max: 200 },
    { name: 'poster', kind: 'image' },
    {
      name: 'type',
      kind: 'enum',
      options: [1, 2, 3].map((v) => ({ value: v, labelKey: `admin:options.activityType.${v}` })),
      default: 1,
      list: true,
      filter: 'eq',
    },
    {
      name: 'eventType',
      kind: 'enum',
      options: [1, 2, 3].map((v) => ({ value: v, labelKey: `admin:options.eventType.${v}` })),
      default: 1,
      filter: 'eq',
    },
    { name: 'owner', kind: 'text', max: 100, list: true, filter: 'like' },
    { name: 'paymentAccountId', kind: 'ref', ref: 'bankAccounts' },
    { name: 'awardConfig', kind: 'textarea', max: 10_000 },
    { name: 'year', kind: 'int', required: true, min: 2000, max: 2100, list: true, filter: 'eq', sortable: true },
    {
      name: 'level',
      kind: 'enum',
      options: [
        { value: 1, labelKey: 'admin:options.level.1' },
        { value: 2, labelKey: 'admin:options.level.2' },
      ],
      default: 1,
      list: true,
    },
    {
      name: 'status',
      kind: 'enum',
      options: [
        { value: 1, labelKey: 'admin:options.activityStatus.1' },
        { value: 4, labelKey: 'admin:options.activityStatus.4' },
      ],
      default: 1,
      list: true,
      filter: 'eq',
    },
    { name: 'show', kind: 'boolean', default: true, list: true },
    { name: 'beginTime', kind: 'datetime', required: true, list: true, sortable: true },
    { name: 'finishTime', kind: 'datetime', required: true },
    { name: 'signUpBegin', kind: 'datetime' },
    { name: 'signUpEnd', kind: 'datetime' },
    { name: 'playerLimit', kind: 'int', min: 0, max: 1_000_000, default: 0 },
    { name: 'enabled', kind: 'boolean', default: true },
    { name: 'reviewRequired', kind: 'boolean', default: false },
    { name: 'promotionZone', kind: 'boolean', default: false },
    { name: 'avatarReferenceImage', kind: 'boolean', default: false },
    { name: 'refundEnabled', kind: 'boolean', default: true },
    { name: 'volunteerEnabled', kind: 'boolean', default: false },
    { name: 'audienceEnabled', kind: 'boolean', default: false },
    { name: 'fileDownloadEnabled', kind: 'boolean', default: true },
    // days its participants' personal data is kept after the end; then the retention job anonymises them (issue 37)
    { name: 'retentionDays', kind: 'int', min: 1, max: 3650, default: 180 },
    { name: 'awardPicture', kind: 'boolean', default: false },
    { name: 'guardianConsentRequired', kind: 'boolean', default: true },
  ],
} as const satisfies ResourceDef;

export const officialFileResource = {
  name: 'officialFiles',
  labelKey: 'admin:resources.officialFiles',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'title', kind: 'text', i18n: true, required: true, max: 200, list: true, filter: 'like' },
    { name: 'activityId', kind: 'ref', ref: 'activities', list: true, filter: 'eq' },
    { name: 'year', kind: 'int', required: true, min: 2000, max: 2100, list: true, filter: 'eq', sortable: true },
    { name: 'fileKey', kind: 'file', required: true },
    { name: 'fileName', kind: 'text', readOnly: true, list: true },
    { name: 'fileSize', kind: 'int', readOnly: true },
    { name: 'downloads', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'status', kind: 'enum', options: status, default: 1, list: true, filter: 'eq' },
    { name: 'sort', kind: 'int', default: 0, sortable: true },
  ],
} as const satisfies ResourceDef;

export const partnerResource = {
  name: 'partners',
  labelKey: 'admin:resources.partners',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'description', kind: 'textarea', i18n: true, max: 1000 },
    { name: 'logo', kind: 'image' },
    { name: 'url', kind: 'text', max: 300 },
    {
      name: 'type',
      kind: 'enum',
      options: [
        { value: 1, labelKey: 'admin:options.partnerType.1' },
        { value: 2, labelKey: 'admin:options.partnerType.2' },
      ],
      default: 1,
      list: true,
      filter: 'eq',
    },
    { name: 'status', kind: 'enum', options: status, default: 1, list: true },
    { name: 'sort', kind: 'int', default: 0, sortable: true, list: true },
  ],
} as const satisfies ResourceDef;

export const aboutResource = {
  name: 'about',
  labelKey: 'admin:resources.about',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true },
    { name: 'title', kind: 'text', i18n: true, required: true, max: 100, list: true },
    { name: 'content', kind: 'richText', i18n: true, max: 100_000 },
    { name: 'sort', kind: 'int', default: 0, sortable: true, list: true },
  ],
} as const satisfies ResourceDef;

export const dictionaryResource = {
  name: 'dictionary',
  labelKey: 'admin:resources.dictionary',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true },
    { name: 'dictName', kind: 'text', required: true, max: 64, list: true, filter: 'eq' },
    { name: 'value', kind: 'text', required: true, max: 100, list: true },
    { name: 'label', kind: 'text', i18n: true, required: true, max: 100, list: true },
    { name: 'sort', kind: 'int', default: 0, sortable: true, list: true },
  ],
} as const satisfies ResourceDef;

export const consoleResource = {
  name: 'consoles',
  labelKey: 'admin:resources.consoles',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'description', kind: 'textarea', i18n: true, max: 2000 },
    { name: 'logo', kind: 'image' },
    { name: 'cover', kind: 'image' },
    { name: 'year', kind: 'int', required: true, min: 2000, max: 2100, list: true, filter: 'eq', sortable: true },
    { name: 'activityId', kind: 'ref', ref: 'activities', list: true, filter: 'eq' },
    { name: 'filterEnabled', kind: 'boolean', default: false, list: true },
    { name: 'watermark', kind: 'text', max: 40, default: '' },
    { name: 'status', kind: 'enum', options: status, default: 1, list: true, filter: 'eq' },
    { name: 'sort', kind: 'int', default: 0, sortable: true },
  ],
} as const satisfies ResourceDef;

export const photoResource = {
  name: 'photos',
  labelKey: 'admin:resources.photos',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'sort,asc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'consoleId', kind: 'ref', ref: 'consoles', required: true, list: true, filter: 'eq' },
    { name: 'name', kind: 'text', i18n: true, required: true, max: 100, list: true, filter: 'like' },
    { name: 'description', kind: 'textarea', i18n: true, max: 2000 },
    { name: 'status', kind: 'enum', options: status, default: 1, list: true },
    { name: 'sort', kind: 'int', default: 0, sortable: true, list: true },
    { name: 'pictureCount', kind: 'int', readOnly: true, list: true },
  ],
} as const satisfies ResourceDef;

export const pictureResource = {
  name: 'pictures',
  labelKey: 'admin:resources.pictures',
  creatable: false,
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  fields: [
    { name: 'id', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'photoId', kind: 'ref', ref: 'photos', required: true, list: true, filter: 'eq' },
    { name: 'thumbKey', kind: 'image', readOnly: true, list: true },
    { name: 'name', kind: 'text', max: 200, list: true, filter: 'like' },
    { name: 'teamName', kind: 'text', max: 100, list: true, filter: 'like' },
    { name: 'memberName', kind: 'text', max: 100, list: true, filter: 'like' },
    { name: 'programName', kind: 'text', max: 100, list: true, filter: 'like' },
    { name: 'width', kind: 'int', readOnly: true },
    { name: 'height', kind: 'int', readOnly: true },
    { name: 'takenAt', kind: 'datetime', list: true, sortable: true },
  ],
} as const satisfies ResourceDef;

/**
 * The privacy policy and the rules for children's personal information (issue 37): each saved form is a new
 * version (the server numbers it), never edited or deleted, so every version people accepted stays readable.
 * The effective date may be ahead (announced); left empty it is the moment of saving.
 */
export const policyResource = {
  name: 'policies',
  labelKey: 'admin:resources.policies',
  read: 'content.edit',
  write: 'content.edit',
  defaultSort: 'id,desc',
  editable: false,
  fields: [
    { name: 'id', kind: 'int', readOnly: true },
    {
      name: 'kind',
      kind: 'enum',
      required: true,
      options: [
        { value: 'privacy', labelKey: 'admin:options.policyKind.privacy' },
        { value: 'children', labelKey: 'admin:options.policyKind.children' },
      ],
      list: true,
      filter: 'eq',
    },
    { name: 'version', kind: 'int', readOnly: true, list: true, sortable: true },
    { name: 'title', kind: 'text', i18n: true, required: true, max: 100, list: true },
    { name: 'body', kind: 'richText', i18n: true, required: true, max: 200_000 },
    { name: 'effectiveAt', kind: 'datetime', list: true, sortable: true },
    { name: 'createdAt', kind: 'datetime', readOnly: true, list: true },
  ],
} as const satisfies ResourceDef;

export const contentResources = [
  newsResource,
  activityResource,
  programResource,
  officialFileResource,
  partnerResource,
  aboutResource,
  policyResource,
  dictionaryResource,
  consoleResource,
  photoResource,
  pictureResource,
] as const;
