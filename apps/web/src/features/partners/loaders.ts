import type { LoaderFunctionArgs } from 'react-router';
import { contentApi } from '../../lib/content-api';
import type { PartnerItem } from '../../lib/contract';

export interface PartnersData {
  partners: PartnerItem[];
  ecology: PartnerItem[];
}

/** /partner: partners (type 1) and ecology partners (type 2), in the organisers' order. */
export async function partnersLoader({ request }: LoaderFunctionArgs): Promise<PartnersData> {
  const res = await contentApi.partners(undefined, { signal: request.signal });
  return { partners: res.content.filter((p) => p.type === 1), ecology: res.content.filter((p) => p.type === 2) };
}
