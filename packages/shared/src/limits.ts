/**
 * Numbers the server checks and the screens repeat (hints, maxLength, client checks before upload):
 * one place each. Plain constants, no zod: public pages import this file directly
 * (`@rp/shared/limits`) without pulling in the schemas.
 */
export const KB = 1024;
export const MB = 1024 * KB;

/** Upload ceilings in bytes (spec 5, 7.x). */
export const UPLOAD_LIMITS = {
  /** the account's avatar (user centre), JPG/PNG, stored as a 256 px square */
  accountAvatar: 5 * MB,
  /** a player's photo (oss/upload), JPG/PNG */
  playerPhoto: 5 * MB,
  /** one picture of the batch avatar tool */
  batchAvatar: 500 * KB,
  /** a teacher's attachment (jpeg, png, doc, docx) */
  attachment: 3 * MB,
  /** a players' spreadsheet for import */
  importSheet: 20 * MB,
  /** a code sheet for the batch redeem */
  codeSheet: 5 * MB,
  /** an image of the content editor (news, programs, …) */
  contentImage: 20 * MB,
  /** a file of the content editor (rules downloads, …) */
  contentFile: 50 * MB,
  /** one picture of an album's bulk upload */
  galleryPicture: 20 * MB,
} as const;

/** How many pictures one batch avatar run takes. */
export const BATCH_AVATAR_MAX_FILES = 9999;

/** "5 MB", "500 KB": the size as the upload messages show it. */
export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

/** Accounts (spec 5, 9). */
export const SMS_CODE_LENGTH = 6;
export const SMS_RESEND_SECONDS = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 20;
export const CAPTCHA_MAX_LENGTH = 10;

/** Registration codes and searches (spec 5, 7.4). */
export const CHANNEL_CODE_MIN = 4;
export const CHANNEL_CODE_MAX = 32;
export const PROMOTION_CODE_MIN = 4;
/** a promotion team code or a level-2 source code */
export const PROMOTION_CODE_MAX = 64;
export const REDEEM_CODE_MAX = 64;
export const NAME_SEARCH_MIN = 2;
/** names of players, teams, teachers, emergency contacts; addresses */
export const NAME_MAX = 50;
export const ADDRESS_MAX = 200;

/** The most characters of a message to the organisers (about page, spec 7.7 lAbout/web/add). */
export const FEEDBACK_MAX = 500;
