import type { LoaderFunctionArgs } from 'react-router';
import type { PolicyDetail, PolicyKind } from '@rp/shared';
import { contentApi, notFound, orNotFound } from '../../lib/content-api';
import { parseId } from '../../lib/format';
import { stripLang } from '../../lib/lang-path';
import type { RouteMeta } from '../../lib/page-meta';

export interface PolicyData {
  policy: PolicyDetail;
}

/** The page's kind from its address: /childPrivacy is the children's rules, /privacy the privacy policy. */
export function policyKindOf(pathname: string): PolicyKind {
  return stripLang(pathname).toLowerCase().startsWith('/childprivacy') ? 'children' : 'privacy';
}

/**
 * /privacy and /childPrivacy (issue 37): the version in force, or ?version=n (an earlier one, kept viewable).
 * A version that is not a number, or that was never published, is the 404 page.
 */
export async function policyLoader({ request }: LoaderFunctionArgs): Promise<PolicyData> {
  const url = new URL(request.url);
  const raw = url.searchParams.get('version');
  const version = raw === null || raw === '' ? undefined : parseId(raw);
  if (version === null) notFound();
  const res = await orNotFound(contentApi.policy(policyKindOf(url.pathname), version, { signal: request.signal }));
  return { policy: res.data };
}

export function policyMeta(data: unknown): RouteMeta | undefined {
  const { policy } = data as PolicyData;
  return { title: policy.title };
}
