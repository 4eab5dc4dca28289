import type { Config } from '../config';

/**
 * The site's own address, the only source of absolute links (QR codes, messages, the sitemap and robots,
 * payment return and notify URLs, WeChat's redirect): PUBLIC_BASE_URL, which production requires, or on a
 * laptop this server's own listening address. Never the request's Host or X-Forwarded-Host.
 */
export function publicBase(config: Pick<Config, 'PUBLIC_BASE_URL' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
