/**
 * Wire types inferred from the shared zod contract (@rp/shared). Type-only imports: no zod at runtime
 * on the web side (zod would cost ~26 KB gzip on public pages).
 */
import type { z } from 'zod';
import type {
  wxMpPayResponse,
  wxSignUpBody,
  wxSignUpResponse,
  noticeSettingsResponse,
  noticeSetting,
  noticeJobItem,
  aboutItem,
  captchaResponse,
  dictItem,
  photoListResponse,
  dataResponse,
  faqListResponse,
  isRegisterResponse,
  loginResponse,
  messageItem,
  okResponse,
  pageResponse,
  unreadCountResponse,
  user,
  userResponse,
  publicConfigResponse,
  wxAuthorizeResponse,
  wxScanBody,
  wxScanResponse,
  wxBindBody,
  wxBindResponse,
  userManResponse,
  verifyResponse,
  judgingResponse,
  judgeActivitiesResponse,
  scoreResponse,
  certificateListResponse,
} from '@rp/shared';

export type { LiveItem } from '@rp/shared/schemas/season';
export type { ActivityItem, ConsoleItem, NewsDetail, NewsItem, OfficialFileItem, PartnerItem, PictureItem, PictureListData, ProgramItem } from '@rp/shared';
export type {
  AdminUserItem,
  FaqItem,
  LoginBody,
  MessageItem,
  RegisterBody,
  SendSmsBody,
  SmsLoginBody,
  SmsOutboxItem,
  SmsPurpose,
  UpdatePasswordBody,
  UpdateUserBody,
  User,
} from '@rp/shared';

export type OkResponse = z.infer<typeof okResponse>;
export type CaptchaResponse = z.infer<typeof captchaResponse>;
export type LoginResponse = z.infer<typeof loginResponse>;
export type UserResponse = z.infer<typeof userResponse>;
export type UserDataResponse = z.infer<ReturnType<typeof dataResponse<typeof user>>>;
export type IsRegisterResponse = z.infer<typeof isRegisterResponse>;
export type UnreadCountResponse = z.infer<typeof unreadCountResponse>;
export type FaqListResponse = z.infer<typeof faqListResponse>;
export type MessagePage = z.infer<ReturnType<typeof pageResponse<typeof messageItem>>>;

export type AboutItem = z.infer<typeof aboutItem>;
export type DictItem = z.infer<typeof dictItem>;
export type PhotoListResponse = z.infer<typeof photoListResponse>;
export type AlbumMeta = PhotoListResponse['data'];

/** A page of any item, as sent on the wire (page is 0-based). */
export interface Page<T> {
  resultCode: number;
  resultStr: string;
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
}

/** GET /api/config/public. */
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
export type WxAuthorizeResponse = z.infer<typeof wxAuthorizeResponse>;
export type WxScanBody = z.infer<typeof wxScanBody>;
export type WxScanResponse = z.infer<typeof wxScanResponse>;
export type WxMpPayResponse = z.infer<typeof wxMpPayResponse>;
export type WxSignUpBody = z.infer<typeof wxSignUpBody>;
export type WxSignUpResponse = z.infer<typeof wxSignUpResponse>;
export type NoticeSettingsResponse = z.infer<typeof noticeSettingsResponse>;
export type NoticeSetting = z.infer<typeof noticeSetting>;
export type NoticeJobItem = z.infer<typeof noticeJobItem>;
export type WxBindBody = z.input<typeof wxBindBody>;
export type WxBindResponse = z.infer<typeof wxBindResponse>;
export type UserManResponse = z.infer<typeof userManResponse>;
export type VerifyResponse = z.infer<typeof verifyResponse>;
export type JudgingResponse = z.infer<typeof judgingResponse>;
export type JudgeActivitiesResponse = z.infer<typeof judgeActivitiesResponse>;
export type ScoreResponse = z.infer<typeof scoreResponse>;
export type CertificateListResponse = z.infer<typeof certificateListResponse>;
