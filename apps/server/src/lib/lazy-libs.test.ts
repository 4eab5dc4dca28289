import { describe, expect, it } from 'vitest';
import { loadSharp } from './lazy-libs';

describe('lazy libraries', () => {
  // issue 39: libvips' operation cache (50 MB, 100 operations by default) stayed resident for good after the
  // first image; the server reads each upload once, so it keeps none
  it('sharp comes without libvips’ operation cache', async () => {
    const sharp = await loadSharp();
    const { memory, files, items } = sharp.cache();
    expect({ memory: memory.max, files: files.max, items: items.max }).toEqual({ memory: 0, files: 0, items: 0 });
  });
});
