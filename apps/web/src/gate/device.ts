/**
 * The device's calls (/api/gate/*, its token in X-Gate-Token). A call that gets no answer in time, no answer at
 * all or a 5xx is `offline` (the gate decides itself); 401 GATE_DEVICE_* is `wipe` (revoked, expired or unknown:
 * the stored passes go); any other refusal is the server's decision, with its message in the person's language.
 */
export const GATE_TOKEN_HEADER = 'x-gate-token';
/** how long the gate waits for the server before deciding itself (issue 38) */
export const ONLINE_WAIT_MS = 2000;

export class GateCallError extends Error {
  constructor(
    readonly kind: 'offline' | 'wipe' | 'refused',
    message: string,
    readonly code: string = '',
  ) {
    super(message);
  }
}

export async function deviceCall<T>(
  token: string,
  lang: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  timeoutMs = ONLINE_WAIT_MS,
  fetchImpl: typeof fetch = fetch,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let res: Response;
  let payload: Record<string, unknown> | undefined;
  try {
    res = await fetchImpl(path, {
      method,
      headers: {
        [GATE_TOKEN_HEADER]: token,
        accept: 'application/json',
        'accept-language': lang === 'en' ? 'en' : 'zh-CN',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      cache: 'no-store',
    });
    payload = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  } catch {
    throw new GateCallError('offline', '');
  } finally {
    clearTimeout(timer);
  }
  const code = typeof payload?.code === 'string' ? payload.code : '';
  const message = typeof payload?.resultStr === 'string' ? payload.resultStr : typeof payload?.message === 'string' ? payload.message : '';
  if (res.status === 401 && code.startsWith('GATE_DEVICE_')) throw new GateCallError('wipe', message, code);
  if (res.status >= 500 || !payload) throw new GateCallError('offline', message, code);
  if (!res.ok || (typeof payload.resultCode === 'number' && payload.resultCode <= 0)) throw new GateCallError('refused', message, code);
  return payload as T;
}
