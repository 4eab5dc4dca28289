import { z } from 'zod';

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
  data: z.object({ examUrl: z.string(), captchaEnabled: z.boolean() }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>['data'];
