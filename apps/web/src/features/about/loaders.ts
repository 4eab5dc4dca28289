import type { LoaderFunctionArgs } from 'react-router';
import { contentApi } from '../../lib/content-api';
import type { AboutItem } from '../../lib/contract';

export interface AboutData {
  sections: AboutItem[];
}

/** /about: the sections the organisers maintain, in their order. */
export async function aboutLoader({ request }: LoaderFunctionArgs): Promise<AboutData> {
  const res = await contentApi.about({ signal: request.signal });
  return { sections: res.content };
}
