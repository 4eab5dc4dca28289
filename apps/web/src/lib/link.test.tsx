// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Link as RouterLink, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import i18n from './i18n';
import { Link, localizeTo, serverLink } from './link';

/**
 * Issue 39: on the server a link to an address from the site's root is drawn without react-router's Link (its
 * hooks were a twelfth of a render). The HTML must be what react-router's Link draws there, or the browser's
 * first render (hydration) would not match it.
 */
const ADDRESSES = [
  '/news',
  '/newsDetail?id=3',
  '/rules?year=2025#top',
  '/news/',
  '/',
  '/home?',
  '/a/../news',
  '/./about',
  '/x//y',
  '/userCenter',
  '/privacy?version=2',
  '/picturesDetail?consoleId=1&year=2024',
  '/en/news',
  '/search?q=a%20b&x=<"\'>',
];
const PROPS = [
  {},
  { className: 'card', 'aria-current': 'page' as const },
  { target: '_blank', rel: 'noopener' },
  { title: 'x', replace: true, state: { from: 1 }, preventScrollReset: true, onClick: () => undefined },
];

const inRouter = (node: React.ReactNode, lang: 'zh' | 'en' = 'zh') =>
  renderToString(
    <I18nextProvider i18n={i18n.cloneInstance({ lng: lang, initAsync: false })}>
      <StaticRouter location={lang === 'en' ? '/en/newsDetail?id=1' : '/newsDetail?id=1'}>{node}</StaticRouter>
    </I18nextProvider>,
  );

describe('a link drawn on the server (issue 39)', () => {
  it("is the element react-router's Link draws, for every address from the root and the props links pass", () => {
    for (const to of ADDRESSES)
      for (const props of PROPS)
        expect(inRouter(serverLink(to, { ...props, children: 'Text' })), `${to} ${JSON.stringify(props)}`).toBe(
          inRouter(
            <RouterLink to={to} {...props}>
              Text
            </RouterLink>,
          ),
        );
  });

  it("the app's Link draws it in the page's language, as react-router's Link would", () => {
    for (const lang of ['zh', 'en'] as const)
      for (const to of [...ADDRESSES, 'news', '//evil.example/x', 'https://example.com/a', { pathname: '/news', search: '?page=2' }])
        for (const props of PROPS)
          expect(
            inRouter(
              <Link to={to} {...props}>
                Text
              </Link>,
              lang,
            ),
            `${lang} ${JSON.stringify(to)}`,
          ).toBe(
            inRouter(
              <RouterLink to={localizeTo(to, lang)} {...props}>
                Text
              </RouterLink>,
              lang,
            ),
          );
  });
});
