import { acceptLanguage, activeI18n } from './i18n';
import { setCookie } from './cookies';
import { currentPath, loginUrl, navigateTo } from './navigation';
import { NOTICE_MS, notify } from './notify';
import { clearSession, getToken } from './session';
import { ERROR_TEXT, NOT_FOUND_CODES, type ApiErrorCode } from './errors';
import type { ErrorCode } from '@rp/shared';

export type { ApiErrorCode };

/**
 * The one HTTP client (spec 8.1). Every bullet of 8.1 is handled here and unit-tested in
 * api-client.test.ts. Success = resultCode > 0; every failure rejects with an ApiError.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly (string | number | boolean)[]>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** No global notice; the caller shows the error itself (e.g. inline in a form). */
  silent?: boolean;
  /** No navigation on 401/403 (the session is still cleared on 401). */
  noRedirect?: boolean;
  /** Overrides the configured timeout for this request. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** 'blob' for downloads: success resolves with the Blob; a JSON error blob is read for its message. */
  responseType?: 'json' | 'blob';
}

export type ApiErrorKind = 'http' | 'result' | 'timeout' | 'network' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** HTTP status (or the body's status); null when no response arrived. */
    readonly status: number | null,
    /** The server's catalogue code (VALIDATION_FAILED, …) or the client's TIMEOUT / NETWORK / ABORTED / HTTP_ERROR. */
    readonly code: ApiErrorCode,
    readonly fieldErrors: Record<string, string> = {},
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** An ApiError; with codes, one of those (typed against the shared catalogue). */
export function isApiError(error: unknown, ...codes: ApiErrorCode[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}

/** "No such thing": any not-found code of the catalogue. */
export function isNotFound(error: unknown): error is ApiError {
  return isApiError(error, ...NOT_FOUND_CODES);
}

/** The server's (already localised) text of a failure, or the fallback for anything else. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

interface ClientConfig {
  baseUrl: string;
  /** Spec 9 gives two readings (1,200,000 ms and unspecified); 30 s is what a person waits for. */
  timeoutMs: number;
  /** The server renderer answers its loaders' calls in-process (issue 23); the browser uses its fetch. */
  fetch?: typeof fetch;
}

const config: ClientConfig = { baseUrl: '', timeoutMs: 30_000 };

export function configureApiClient(partial: Partial<ClientConfig>): void {
  Object.assign(config, partial);
}

/** Cookie set when the server ends the session (body status 401); the login page explains it. */
export const POINT_COOKIE = 'point';

function buildUrl(path: string, query?: Query): string {
  let url = config.baseUrl + path;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // Arrays repeat without indices: ids=1&ids=2 (design §3).
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  return url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function isJsonBlob(blob: Blob): boolean {
  return blob.type.toLowerCase().includes('json');
}

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(value)) for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Keys of calls that got no answer yet (or a 5xx), by method, address and body, for 30 minutes. */
const pendingKeys = new Map<string, { key: string; at: number }>();
const KEY_LIFETIME_MS = 30 * 60_000;

/** The Idempotency-Key of this intent: the one of an unanswered identical call, or a new random one. */
export function idempotencyKey(intent: string): string {
  const now = Date.now();
  for (const [k, v] of pendingKeys) if (now - v.at > KEY_LIFETIME_MS) pendingKeys.delete(k);
  const known = pendingKeys.get(intent);
  if (known) return known.key;
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  pendingKeys.set(intent, { key, at: now });
  return key;
}

/**
 * An upload's time limit (issue 40): the usual 30 s plus what a slow phone needs to send the file — 32 KB/s,
 * a weak mobile uplink — so a 5 MB avatar may take about 3 minutes; never more than the spec's 20 minutes.
 */
export const UPLOAD_SLOW_BYTES_PER_S = 32 * 1024;
export const UPLOAD_TIMEOUT_MAX_MS = 1_200_000;
export function uploadTimeoutMs(bytes: number): number {
  return Math.min(UPLOAD_TIMEOUT_MAX_MS, config.timeoutMs + Math.ceil((bytes / UPLOAD_SLOW_BYTES_PER_S) * 1000));
}
function uploadBytes(body: FormData | Blob): number {
  if (body instanceof Blob) return body.size;
  let n = 0;
  for (const [, v] of body.entries()) n += typeof v === 'string' ? v.length : v.size;
  return n;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { silent = false, noRedirect = false, responseType = 'json' } = options;
  const notice = (message: string) => {
    if (!silent) notify.error(message, NOTICE_MS);
  };

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage(), ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  // a create or payment carries an Idempotency-Key: the same call sent again after a failure without an
  // answer (5xx, timeout, network) reuses it, so the server answers with the first result, never a second row
  const intent = method !== 'GET' && typeof body === 'string' ? `${method} ${buildUrl(path, options.query)}\n${body}` : null;
  if (intent) headers['Idempotency-Key'] = idempotencyKey(intent);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? (body instanceof FormData || body instanceof Blob ? uploadTimeoutMs(uploadBytes(body)) : config.timeoutMs),
  );
  const onCallerAbort = () => controller.abort();
  if (options.signal) {
    if (options.signal.aborted) controller.abort();
    else options.signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  let response: Response;
  let payload: unknown;
  let blob: Blob | undefined;
  try {
    response = await (config.fetch ?? fetch)(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (responseType === 'blob') {
      blob = await response.blob();
      // A JSON blob is an error body in disguise (or an envelope): read its message.
      if (isJsonBlob(blob)) payload = parseJson(await blobText(blob));
    } else {
      const text = await response.text();
      payload = text ? parseJson(text) : undefined;
    }
  } catch (cause) {
    if (timedOut) {
      const message = activeI18n().t(ERROR_TEXT.TIMEOUT);
      notice(message);
      throw new ApiError(message, 'timeout', null, 'TIMEOUT');
    }
    if (options.signal?.aborted) throw new ApiError(activeI18n().t(ERROR_TEXT.ABORTED), 'aborted', null, 'ABORTED');
    // No response at all: network down, server unreachable, CORS, …
    const message = activeI18n().t(ERROR_TEXT.NETWORK);
    notice(message);
    throw new ApiError(message, 'network', null, 'NETWORK', {}, cause);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  // answered (not a server failure): the next identical call is a new intent with a new key
  if (intent && response.status < 500) pendingKeys.delete(intent);
  // a conditional GET (If-None-Match) whose answer has not changed: no body, the caller keeps what it has
  if (response.status === 304) return undefined as T;
  const envelope = isRecord(payload) ? payload : undefined;
  const resultCode = envelope?.resultCode;
  const succeeded = response.ok && (typeof resultCode === 'number' ? resultCode > 0 : true);
  if (succeeded) {
    if (responseType === 'blob' && payload === undefined) return blob as T;
    return payload as T;
  }

  const bodyStatus = typeof envelope?.status === 'number' ? envelope.status : undefined;
  const serverMessage = (typeof envelope?.message === 'string' && envelope.message) || (typeof envelope?.resultStr === 'string' && envelope.resultStr) || '';
  // The server sends only catalogue codes (packages/shared/src/errors.ts); anything else came from elsewhere.
  const code: ApiErrorCode = typeof envelope?.code === 'string' ? (envelope.code as ErrorCode) : 'HTTP_ERROR';
  const fieldErrors = stringRecord(envelope?.fieldErrors);
  const status = bodyStatus ?? response.status;
  const fail = (message: string, kind: ApiErrorKind = response.ok ? 'result' : 'http') => new ApiError(message, kind, status, code, fieldErrors, payload);

  if (response.status === 401 || bodyStatus === 401) {
    // The session is gone either way. A body status 401 is the server saying so: log out fully and
    // leave the `point` marker; a bare HTTP 401 (proxy, gateway) just drops the token.
    const returnTo = currentPath();
    clearSession();
    if (bodyStatus === 401) setCookie(POINT_COOKIE, '401');
    if (!noRedirect) navigateTo(loginUrl(returnTo));
    throw fail(serverMessage || activeI18n().t(ERROR_TEXT.SESSION_EXPIRED));
  }

  // OUT_OF_SCOPE: the person may use this screen, only not for this activity — they stay and read why
  if ((response.status === 403 || bodyStatus === 403) && code !== 'OUT_OF_SCOPE') {
    if (!noRedirect) navigateTo('/401');
    throw fail(serverMessage || activeI18n().t(ERROR_TEXT.FORBIDDEN));
  }

  if (bodyStatus !== undefined || (response.ok && serverMessage)) {
    // The server explained itself: show its (already localised) message.
    const message = serverMessage || activeI18n().t(ERROR_TEXT.HTTP_ERROR);
    notice(message);
    throw fail(message);
  }

  // No status in the body (HTML error page, empty 502, …).
  const message = activeI18n().t(ERROR_TEXT.HTTP_ERROR);
  notice(message);
  throw fail(message);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
