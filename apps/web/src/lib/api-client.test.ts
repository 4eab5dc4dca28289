import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The notifier is mocked: each test checks what would be shown and for how long.
vi.mock('./notify', () => ({
  NOTICE_MS: 5000,
  notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
}));

import { api, ApiError, configureApiClient, errorMessage, isApiError, isNotFound, request } from './api-client';
import { getCookie, removeCookie } from './cookies';
import i18n from './i18n';
import { registerNavigator } from './navigation';
import { notify } from './notify';
import { getToken, getUser, startSession } from './session';

const navigate = vi.fn();
const fetchMock = vi.fn<typeof fetch>();
const user = { id: 1, username: 'u', nickName: 'U', avatar: null, phone: '13800000000', roles: ['member'], permissions: [], isStaff: false };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function errorBody(status: number, message: string, extra: Record<string, unknown> = {}) {
  return { status, message, resultCode: 0, resultStr: message, code: 'SOME_CODE', ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to reject');
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.stubGlobal('fetch', fetchMock);
  registerNavigator(navigate);
  window.history.replaceState(null, '', '/userCenter?t=8');
  startSession({ token: 'tok-123', user, rememberMe: false });
  removeCookie('point');
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  configureApiClient({ timeoutMs: 30_000 });
});

describe('api client (spec 8.1)', () => {
  it('request timeout: aborts and shows the localised "network request timed out" for 5 s', async () => {
    configureApiClient({ timeoutMs: 20 });
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const error = await rejection(api.get('/api/slow'));
    expect(error.kind).toBe('timeout');
    expect(error.code).toBe('TIMEOUT');
    expect(notify.error).toHaveBeenCalledWith('网络请求超时', 5000);
  });

  it('HTTP 401: clears the token and goes to /login with a redirect to the current path', async () => {
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    const error = await rejection(api.get('/api/users/web/info'));
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2FuserCenter%3Ft%3D8', undefined);
  });

  it('body status 401: logs out (token and user), sets cookie point=401 and goes to /login', async () => {
    fetchMock.mockResolvedValue(json(errorBody(401, '登录已失效，请重新登录'), 401));
    await rejection(api.get('/api/lMessage/web/list'));
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(getCookie('point')).toBe('401');
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2FuserCenter%3Ft%3D8', undefined);
  });

  it('body status 403 (or HTTP 403): goes to /401', async () => {
    fetchMock.mockResolvedValue(json(errorBody(403, '没有权限执行此操作'), 403));
    const error = await rejection(api.get('/api/admin/users'));
    expect(error.status).toBe(403);
    expect(navigate).toHaveBeenCalledWith('/401', undefined);
    expect(getToken()).toBe('tok-123');
  });

  it('other error with a message: shows the server message as an error for 5 s', async () => {
    fetchMock.mockResolvedValue(json(errorBody(409, '兑换码已被使用'), 409));
    await rejection(api.post('/api/x', { a: 1 }));
    expect(notify.error).toHaveBeenCalledWith('兑换码已被使用', 5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no status (network failure or a body without status): "server busy, try again later"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const network = await rejection(api.get('/api/x'));
    expect(network.kind).toBe('network');
    expect(network.status).toBeNull();
    expect(notify.error).toHaveBeenLastCalledWith('服务器繁忙，请稍后再试', 5000);

    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await rejection(api.get('/api/x'));
    expect(notify.error).toHaveBeenLastCalledWith('Server busy, please try again later', 5000);
  });

  it('JSON error blob (blob downloads): reads the message from the blob and shows it for 5 s', async () => {
    fetchMock.mockResolvedValue(json(errorBody(404, '证书不存在'), 404));
    const error = await rejection(request('GET', '/api/cert/download', { responseType: 'blob' }));
    expect(error.message).toBe('证书不存在');
    expect(notify.error).toHaveBeenCalledWith('证书不存在', 5000);
  });

  it('the rejection is always passed on: ApiError with status, code, message and fieldErrors', async () => {
    fetchMock.mockResolvedValue(json(errorBody(400, '提交的数据有误', { code: 'VALIDATION_FAILED', fieldErrors: { phone: '请输入正确的 11 位手机号' } }), 400));
    const error = await rejection(api.post('/auth/web/register', {}));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: '提交的数据有误',
      fieldErrors: { phone: '请输入正确的 11 位手机号' },
    });
  });

  it('switches on typed catalogue codes: isApiError(e, …codes), isNotFound, errorMessage; no code → HTTP_ERROR', async () => {
    fetchMock.mockResolvedValueOnce(json(errorBody(409, '请确认', { code: 'CONFIRM_REQUIRED' }), 409));
    const confirm = await rejection(api.put('/api/x', {}, { silent: true }));
    expect(isApiError(confirm, 'CONFIRM_REQUIRED')).toBe(true);
    expect(isApiError(confirm, 'VALIDATION_FAILED', 'TEAM_FULL')).toBe(false);
    expect(isNotFound(confirm)).toBe(false);
    expect(errorMessage(confirm, 'fallback')).toBe('请确认');
    expect(errorMessage(new Error('x'), 'fallback')).toBe('fallback');
    fetchMock.mockResolvedValueOnce(json(errorBody(404, '相册不存在', { code: 'ALBUM_NOT_FOUND' }), 404));
    expect(isNotFound(await rejection(api.get('/api/x', { silent: true })))).toBe(true);
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await rejection(api.get('/api/x', { silent: true }))).code).toBe('HTTP_ERROR');
  });

  it('success is resultCode 1 (or above 0); resultCode 0 on HTTP 200 is an error with resultStr', async () => {
    fetchMock.mockResolvedValueOnce(json({ resultCode: 2, resultStr: 'ok', data: 7 }));
    await expect(api.get<{ data: number }>('/api/x')).resolves.toMatchObject({ data: 7 });
    fetchMock.mockResolvedValueOnce(json({ resultCode: 0, resultStr: '查询失败' }));
    const error = await rejection(api.get('/api/x'));
    expect(error.kind).toBe('result');
    expect(notify.error).toHaveBeenCalledWith('查询失败', 5000);
  });

  it('{ silent: true } opts out of the global notice; { noRedirect: true } out of navigation', async () => {
    fetchMock.mockResolvedValueOnce(json(errorBody(400, '账号或密码错误'), 400));
    await rejection(api.post('/auth/login', {}, { silent: true }));
    fetchMock.mockResolvedValueOnce(json(errorBody(401, '请先登录'), 401));
    await rejection(api.get('/auth/info', { silent: true, noRedirect: true }));
    expect(notify.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends Accept-Language for the current language, the bearer token and repeated array params', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(json({ resultCode: 1, resultStr: 'ok' }));
    await api.get('/api/x', { query: { ids: [1, 2], page: 0, empty: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?ids=1&ids=2&page=0');
    expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('en');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('a create carries an Idempotency-Key; the same call after a 503 or no answer reuses it, an answered one does not', async () => {
    const keyOf = (i: number) => (fetchMock.mock.calls[i]![1]?.headers as Record<string, string>)['Idempotency-Key'];
    fetchMock.mockResolvedValueOnce(json(errorBody(503, 'busy'), 503));
    await rejection(api.post('/api/lTeam/web/batchCreate', { team: 'Falcons' }, { silent: true }));
    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await rejection(api.post('/api/lTeam/web/batchCreate', { team: 'Falcons' }, { silent: true }));
    fetchMock.mockResolvedValueOnce(json({ resultCode: 1, resultStr: 'ok' }));
    await api.post('/api/lTeam/web/batchCreate', { team: 'Falcons' });
    fetchMock.mockResolvedValueOnce(json({ resultCode: 1, resultStr: 'ok' }));
    await api.post('/api/lTeam/web/batchCreate', { team: 'Falcons' });
    fetchMock.mockResolvedValueOnce(json({ resultCode: 1, resultStr: 'ok' }));
    await api.post('/api/lTeam/web/batchCreate', { team: 'Eagles' });
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    // the retries of the unanswered call: the same key; once answered, the same body again is a new intent
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toBe(keyOf(0));
    expect(keyOf(3)).not.toBe(keyOf(0));
    expect(keyOf(4)).not.toBe(keyOf(3));
    // reads carry none
    fetchMock.mockResolvedValueOnce(json({ resultCode: 1, resultStr: 'ok' }));
    await api.get('/api/x');
    expect(keyOf(5)).toBeUndefined();
  });
});
