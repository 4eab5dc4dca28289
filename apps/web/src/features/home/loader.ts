import { loadPublicConfig, type PublicConfig } from '../../lib/public-config';

export interface HomeData {
  config: PublicConfig | null;
}

/**
 * Public data of the home page, loaded by the route (so server-side rendering can reuse it later).
 * Content (news, activities) comes in later issues; for now the public config. A failure never
 * blocks the page.
 */
export async function homeLoader(): Promise<HomeData> {
  return { config: await loadPublicConfig() };
}
