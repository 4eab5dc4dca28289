import type { LoaderFunctionArgs } from 'react-router';
import type { SiteContact } from '@rp/shared';
import { contentApi } from '../../lib/content-api';
import type { AboutItem } from '../../lib/contract';
import { currentLang } from '../../lib/i18n';
import { loadSiteContact } from '../../ui/contact';

export interface AboutData {
  sections: AboutItem[];
  /** the same contact details as the footer (one source); null when they could not be loaded */
  contact: SiteContact | null;
}

/** /about: the sections the organisers maintain, in their order, then the contact details. */
export async function aboutLoader({ request }: LoaderFunctionArgs): Promise<AboutData> {
  const [res, contact] = await Promise.all([contentApi.about({ signal: request.signal }), loadSiteContact(currentLang(), request.signal)]);
  return { sections: res.content, contact };
}
