import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteContact } from '@rp/shared';
import { api } from '../lib/api-client';
import { useLang } from '../lib/use-lang';
import type { AppLang } from '../lib/i18n';

type ContactResponse = { data: SiteContact };

/**
 * The organisers' contact details (GET /api/lSite/web/contact): the one source for the footer and the
 * about page. Fetched once per language per page load; never rejects (null on failure, retried later).
 */
const cache = new Map<AppLang, SiteContact>();
const pending = new Map<AppLang, Promise<SiteContact | null>>();

export function loadSiteContact(lang: AppLang, signal?: AbortSignal): Promise<SiteContact | null> {
  const hit = cache.get(lang);
  if (hit) return Promise.resolve(hit);
  let p = pending.get(lang);
  if (!p) {
    p = api
      .get<ContactResponse>('/api/lSite/web/contact', {
        silent: true,
        noRedirect: true,
        timeoutMs: 8000,
        headers: { 'Accept-Language': lang === 'en' ? 'en' : 'zh-CN' },
      })
      .then((res) => {
        cache.set(lang, res.data);
        return res.data;
      })
      .catch(() => null)
      .finally(() => pending.delete(lang));
    pending.set(lang, p);
  }
  if (!signal) return p;
  return Promise.race([p, new Promise<null>((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true }))]);
}

// The server renderer shares this module between visitors: it renders without the cache, as the browser's
// hydrating first render (which has not fetched yet) does.
const cached = (lang: AppLang) => (typeof window === 'undefined' ? null : (cache.get(lang) ?? null));

export function useSiteContact(): SiteContact | null {
  const lang = useLang();
  const [state, setState] = useState<{ lang: AppLang; value: SiteContact | null }>(() => ({ lang, value: cached(lang) }));
  useEffect(() => {
    let live = true;
    void loadSiteContact(lang).then((value) => live && setState({ lang, value }));
    return () => {
      live = false;
    };
  }, [lang]);
  return state.lang === lang ? state.value : cached(lang);
}

/** Digits (and a leading +) for a tel: link. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}

/**
 * Contact lines as a two-column list (labels in one column, values aligned in the other); rows without
 * a value are left out.
 */
export function ContactList({ contact, className, labelClassName }: { contact: SiteContact; className?: string; labelClassName?: string }) {
  const { t } = useTranslation();
  const rows: { key: keyof SiteContact; label: string; value: ReactNode }[] = [
    { key: 'address', label: t('footer:addressLabel'), value: contact.address },
    { key: 'phone', label: t('footer:phoneLabel'), value: contact.phone ? <a href={telHref(contact.phone)}>{contact.phone}</a> : '' },
    { key: 'email', label: t('footer:emailLabel'), value: contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '' },
    { key: 'hours', label: t('footer:hoursLabel'), value: contact.hours },
  ];
  return (
    <dl className={className}>
      {rows
        .filter((r) => contact[r.key])
        .map((r) => (
          <div key={r.key}>
            <dt className={labelClassName}>{r.label}</dt>
            <dd>{r.value}</dd>
          </div>
        ))}
    </dl>
  );
}
