import { useCallback, type ComponentProps } from 'react';
import { Link as RouterLink, useNavigate as useRouterNavigate, type NavigateOptions, type To } from 'react-router';
import { localizePath } from './lang-path';
import { useLang } from './use-lang';

/**
 * react-router's Link and useNavigate, with the address of the current language (issue 23): a link to an
 * information page (`/news`) leads to `/en/news` while the visitor reads English; portal, admin and
 * relative links are unchanged. Every component imports these instead of react-router's.
 */
export function localizeTo(to: To, lang: 'zh' | 'en'): To {
  if (typeof to === 'string') return localizePath(to, lang);
  if (to.pathname) return { ...to, pathname: localizePath(to.pathname, lang) };
  return to;
}

export function Link({ to, ...props }: ComponentProps<typeof RouterLink>) {
  const lang = useLang();
  return <RouterLink to={localizeTo(to, lang)} {...props} />;
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useRouterNavigate();
  const lang = useLang();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') void navigate(to);
      else void navigate(localizeTo(to, lang), options);
    },
    [navigate, lang],
  );
}
