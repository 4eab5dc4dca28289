import { z } from 'zod';

/** PostgreSQL integer (int4): every id and integer column. Larger numbers are refused before the database sees them. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/** A row id (query, path or body; numbers as text are read): a positive int4. "1.5", 0, 99999999999 → 400. */
export const dbId = z.coerce.number('validation.invalid').int('validation.invalid').positive('validation.invalid').max(INT4_MAX, 'validation.invalid');

/** An integer stored in an int4 column (filters such as status or type; numbers as text are read). */
export const dbInt = z.coerce
  .number('validation.invalidType')
  .int('validation.invalidType')
  .min(INT4_MIN, 'validation.tooSmall')
  .max(INT4_MAX, 'validation.tooBig');

/** The same for JSON bodies, where a number must be a number. */
export const jsonInt = z.number('validation.invalidType').int('validation.invalidType').min(INT4_MIN, 'validation.tooSmall').max(INT4_MAX, 'validation.tooBig');

/** Every success body carries resultCode 1 and a short localised resultStr (design §3). */
export const envelope = {
  resultCode: z.literal(1),
  resultStr: z.string(),
};

export const okResponse = z.object(envelope);

export const errorResponse = z.object({
  status: z.number().int(),
  message: z.string(),
  resultCode: z.literal(0),
  resultStr: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** the request's id, as in the server's log lines (and the X-Request-Id header): what support asks for */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorResponse>;

/** Spring-style page: page is 0-based on the wire. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100000).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(25),
});

export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    ...envelope,
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
}

export function dataResponse<T extends z.ZodType>(data: T) {
  return z.object({ ...envelope, data });
}

export const publicConfigResponse = z.object({
  ...envelope,
  data: z.object({
    examUrl: z.string(),
    captchaEnabled: z.boolean(),
    wechatLogin: z.enum(['wechat', 'simulated', 'off']),
    /** the official account inside WeChat's browser (one-tap sign-in, JSAPI pay) */
    wechatMp: z.enum(['wechat', 'simulated', 'off']),
    /** the footer's legal lines (issue 37), each null when the site has not configured it */
    legal: z.object({
      icpNumber: z.string().nullable(),
      publicSecurityFiling: z.string().nullable(),
      operatorName: z.string().nullable(),
      piContact: z.string().nullable(),
    }),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>['data'];
