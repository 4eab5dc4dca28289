// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { User } from '@rp/shared';
import { configureApiClient } from './api-client';
import { loadPublicConfig, usePublicConfig } from './public-config';
import { setUser, useSession } from './session';

/**
 * Issue 39: a server-rendered page is rendered once for everyone, and the browser's first render (hydration)
 * must draw the same HTML. What the browser may already hold by then — the signed-in account, the site's
 * configuration some earlier render loaded — is not part of that first HTML.
 */
function Account() {
  const { user } = useSession();
  return <p>{user ? `signed in as ${user.nickName}` : 'signed out'}</p>;
}
function Legal() {
  const legal = usePublicConfig()?.legal;
  return <p>{legal?.icpNumber ?? 'no legal lines'}</p>;
}

describe('the first HTML of a server-rendered page', () => {
  it('has nobody signed in, whatever the session holds', () => {
    setUser({ id: 1, nickName: 'Coach Li', permissions: [] } as unknown as User);
    expect(renderToString(<Account />)).toBe('<p>signed out</p>');
    setUser(null);
  });

  it("has no footer legal lines from a configuration an earlier render loaded (the browser's first render has none)", async () => {
    configureApiClient({
      fetch: (async () =>
        new Response(
          JSON.stringify({
            resultCode: 1,
            resultStr: 'ok',
            data: {
              examUrl: '',
              captchaEnabled: false,
              wechatLogin: 'off',
              wechatMp: 'off',
              legal: { icpNumber: '沪ICP备00000000号', publicSecurityFiling: null, operatorName: null, piContact: null },
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        )) as typeof fetch,
    });
    expect((await loadPublicConfig())?.legal.icpNumber).toBe('沪ICP备00000000号');
    expect(renderToString(<Legal />)).toBe('<p>no legal lines</p>');
  });
});
