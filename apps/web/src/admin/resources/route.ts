import { data, type LoaderFunctionArgs } from 'react-router';
import type { RouteMeta } from '../../lib/page-meta';
import { findResource } from './registry';

export interface ResourceLoaderData {
  name: string;
  labelKey: string;
}

/** /admin/r/:resource…: an unknown resource is a 404 (the admin error boundary shows it). */
export function resourceLoader({ params }: LoaderFunctionArgs): ResourceLoaderData {
  const def = findResource(params.resource);
  if (!def) throw data(null, { status: 404, statusText: 'Not Found' });
  return { name: def.name, labelKey: def.labelKey };
}

/** The page title is the resource's label. */
export function resourceMeta(d: unknown): RouteMeta | undefined {
  return { titleKey: (d as ResourceLoaderData).labelKey };
}
