import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { configureApiClient } from './api-client';
import { PublicConfigProvider, seedPublicConfig, usePublicConfig, type PublicConfig } from './public-config';

/**
 * Issues 37 and 39: the footer's legal lines (ICP filing, public security filing, operator) are on every page,
 * in the server's HTML too (crawlers, visitors without JavaScript). The server renders with its configuration
 * and sends it with the page; the browser is seeded with it before hydrating, so its first render draws the
 * same lines (no mismatch: React #418 would re-render the page from scratch).
 */
const CONFIG: PublicConfig = {
  examUrl: '',
  captchaEnabled: false,
  wechatLogin: 'off',
  wechatMp: 'off',
  legal: { icpNumber: '沪ICP备00000000号-1', publicSecurityFiling: null, operatorName: 'IYRC Org', piContact: null },
};

function Legal() {
  const legal = usePublicConfig()?.legal;
  return <p>{legal?.icpNumber ? <a href="https://beian.miit.gov.cn/">{legal.icpNumber}</a> : null}</p>;
}

/** The server's HTML hydrated in this document; the recoverable errors React reported (a mismatch is one). */
async function hydrate(serverHtml: string): Promise<{ container: HTMLElement; errors: unknown[] }> {
  const container = document.createElement('div');
  container.innerHTML = serverHtml;
  document.body.append(container);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, <Legal />, { onRecoverableError: (e) => void errors.push(e) });
  });
  return { container, errors };
}

describe("the footer's legal lines of a server-rendered page", () => {
  // the browser's own load of the configuration never answers here: what is drawn is the seed's
  configureApiClient({ fetch: (() => new Promise<Response>(() => {})) as typeof fetch });
  const serverHtml = renderToString(
    <PublicConfigProvider value={CONFIG}>
      <Legal />
    </PublicConfigProvider>,
  );

  it("are in the server's HTML when configured", () => {
    expect(serverHtml).toContain('沪ICP备00000000号-1');
  });

  it("make a first client render without the server's configuration differ from the server's HTML", async () => {
    const { errors } = await hydrate(serverHtml);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("hydrate without a mismatch once the browser is seeded with the server's configuration", async () => {
    seedPublicConfig(CONFIG);
    const { container, errors } = await hydrate(serverHtml);
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('沪ICP备00000000号-1');
  });
});
