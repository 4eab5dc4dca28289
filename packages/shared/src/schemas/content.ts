import { z } from 'zod';
import { dbId, dbInt, envelope, jsonInt } from './common';

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    ...envelope,
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
const idQuery = z.object({ id: dbId });
export const contentIdQuery = idQuery;

const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const programItem = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  activityName: z.string(),
  name: z.string(),
  type: z.number().int(),
  maxMembers: z.number().int(),
  /** spec 3 / 7.3: the program's maximum team size by the spec's name (the same number as maxMembers) */
  maximum: z.number().int(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  gender: z.string().nullable(),
  intro: z.string(),
  coverUrl: z.string().nullable(),
});
export type ProgramItem = z.infer<typeof programItem>;

export const planItem = z.object({ id: z.number().int(), name: z.string(), priceFen: z.number().int() });

export const activityItem = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  venue: z.string(),
  posterUrl: z.string().nullable(),
  year: z.number().int(),
  level: z.number().int(),
  status: z.number().int(),
  beginTime: z.string(),
  finishTime: z.string(),
  signUpBegin: z.string().nullable(),
  signUpEnd: z.string().nullable(),
  /** sign-up is open now */
  signUpOpen: z.boolean(),
  reviewRequired: z.boolean(),
  promotionZone: z.boolean(),
  avatarReferenceImage: z.boolean(),
  /** the detailed introduction (rich text), in the one-activity form (award=true) */
  detail: z.string().optional(),
  programs: z.array(programItem).optional(),
  plans: z.array(planItem).optional(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityListQuery = z.object({
  id: dbId.optional(),
  award: boolish.optional(),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(20),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  status: dbInt.optional(),
  show: dbInt.optional(),
});
export const activityListResponse = page(activityItem);

export const programListQuery = z.object({
  activityId: dbId.optional(),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export const programListResponse = page(programItem);

export const officialFileItem = z.object({
  id: z.number().int(),
  title: z.string(),
  year: z.number().int(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  /** the year of the file's activity (files are grouped by it); null for general files */
  activityYear: z.number().int().nullable(),
  /** the name the file downloads under: its title in the reader's language plus the extension */
  fileName: z.string().nullable(),
  fileSize: z.number().int(),
  downloads: z.number().int(),
  url: z.string(),
});
export type OfficialFileItem = z.infer<typeof officialFileItem>;
export const officialFileQuery = z.object({
  year: dbInt.optional(),
  activityId: dbId.optional(),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(100),
});
export const officialFileListResponse = page(officialFileItem);

export const programDetailResponse = z.object({ ...envelope, data: programItem.extend({ files: z.array(officialFileItem) }) });

export const partnerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  url: z.string().nullable(),
  type: z.number().int(),
});
export type PartnerItem = z.infer<typeof partnerItem>;
export const partnerQuery = z.object({
  type: dbInt.optional(),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(100),
});
export const partnerListResponse = page(partnerItem);

export const dictItem = z.object({ id: z.number().int(), value: z.string(), label: z.string() });
export const dictQuery = z.object({
  dictName: z.string().min(1).max(64),
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(500).default(100),
});
export const dictListResponse = page(dictItem);

export const newsItem = z.object({ id: z.number().int(), title: z.string(), summary: z.string(), coverUrl: z.string().nullable(), publishedAt: z.string() });
export type NewsItem = z.infer<typeof newsItem>;
export const newsListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export const newsListResponse = page(newsItem);
export const newsDetail = newsItem.extend({
  content: z.string(),
  prev: newsItem.pick({ id: true, title: true }).nullable(),
  next: newsItem.pick({ id: true, title: true }).nullable(),
});
export type NewsDetail = z.infer<typeof newsDetail>;
export const newsDetailResponse = z.object({ ...envelope, data: newsDetail });

export const aboutItem = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
export const aboutListResponse = z.object({ ...envelope, content: z.array(aboutItem), totalElements: z.number().int() });

// Gallery (spec 2.8, 7.8)
export const consoleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  logoUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  year: z.number().int(),
  filterEnabled: z.boolean(),
  pictureCount: z.number().int(),
});
export type ConsoleItem = z.infer<typeof consoleItem>;
export const consoleListBody = z.object({
  year: jsonInt.optional(),
  page: z.number().int().min(0).max(100000).default(0),
  size: z.number().int().min(1).max(200).default(50),
});
export const consoleListResponse = page(consoleItem);

export const albumItem = z.object({ id: z.number().int(), name: z.string(), description: z.string(), total: z.number().int() });
export const photoListBody = z.object({ consoleId: dbId });
export const photoListResponse = z.object({
  ...envelope,
  data: z.object({
    photo: consoleItem.extend({ status: z.number().int() }),
    list: z.array(albumItem),
    config: z.object({ thumbnail: z.string(), watermark: z.boolean() }),
  }),
});

export const pictureItem = z.object({
  id: z.number().int(),
  name: z.string(),
  picUrl: z.string(),
  thumbUrl: z.string(),
  /** /api/pictures/original/<32 hex>: an unguessable download link (location stripped); never by id */
  originalUrl: z.string().regex(/^\/api\/pictures\/original\/[a-f0-9]{32}$/),
  width: z.number().int(),
  height: z.number().int(),
  teamName: z.string().nullable(),
  memberName: z.string().nullable(),
  programName: z.string().nullable(),
  takenAt: z.string(),
});
export type PictureItem = z.infer<typeof pictureItem>;
export const pictureListBody = z.object({
  photoId: dbId,
  pageIndex: z.number().int().min(0).max(100000).default(0),
  pageNum: z.number().int().min(1).max(100).default(100),
  sortStr: z.enum(['asc', 'desc']).default('desc'),
  /** keyset cursor from the previous page's nextCursor; preferred over pageIndex */
  cursor: z.string().max(100).optional(),
  teamName: z.string().trim().max(100).optional(),
  memberName: z.string().trim().max(100).optional(),
  programName: z.string().trim().max(100).optional(),
});
/** data is JSON text holding list and totalCount (spec 7.8) */
export const pictureListResponse = z.object({ ...envelope, data: z.string() });
export interface PictureListData {
  list: PictureItem[];
  totalCount: number;
  nextCursor: string | null;
}

/** The organisers' contact details: one source for the footer and the about page (dictionary site_contact). */
export const siteContact = z.object({
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
});
export type SiteContact = z.infer<typeof siteContact>;
export const siteContactResponse = z.object({ ...envelope, data: siteContact });

/** Counts for the home page, from the database (cached briefly). */
export const siteStats = z.object({
  activities: z.number().int(),
  programs: z.number().int(),
  venues: z.number().int(),
  teams: z.number().int(),
  players: z.number().int(),
});
export type SiteStats = z.infer<typeof siteStats>;
export const siteStatsResponse = z.object({ ...envelope, data: siteStats });

/** An admin content upload (POST api/admin/uploads): the stored key and what the form shows of it. */
export const storedUpload = z.object({
  key: z.string(),
  url: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mime: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export const storedUploadResponse = z.object({ ...envelope, data: storedUpload });
/** One picture added to an album (POST api/admin/photos/:id/pictures). */
export const albumPictureResponse = z.object({
  ...envelope,
  data: z.object({ id: z.number().int(), name: z.string(), width: z.number().int(), height: z.number().int(), thumbUrl: z.string() }),
});
