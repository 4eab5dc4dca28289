import zlib from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressedVariants } from './ssr';

/**
 * Issue 39: every server render compressed its page twice (gzip and brotli) before sending one of them, and
 * with the page cache off (SSR_CACHE_TTL_MS=0) neither was ever reused. Each variant is now made when a
 * browser first asks for it, once.
 */
describe('compressedVariants', () => {
  afterEach(() => vi.restoreAllMocks());

  it('compresses only what is asked for, once per variant', () => {
    const gzip = vi.spyOn(zlib, 'gzipSync');
    const br = vi.spyOn(zlib, 'brotliCompressSync');
    const page = compressedVariants('<p>' + 'information page '.repeat(200) + '</p>');
    expect(gzip).not.toHaveBeenCalled();
    expect(br).not.toHaveBeenCalled();

    expect(zlib.gunzipSync(page.gzip).toString('utf8')).toBe(page.plain.toString('utf8'));
    expect(zlib.gunzipSync(page.gzip).toString('utf8')).toContain('information page');
    expect(gzip).toHaveBeenCalledTimes(1);
    expect(br).not.toHaveBeenCalled();

    expect(zlib.brotliDecompressSync(page.br).toString('utf8')).toBe(page.plain.toString('utf8'));
    void page.br;
    expect(br).toHaveBeenCalledTimes(1);
  });
});
