import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * antd's filled preset tags write the colour on its own pale background. Some presets fall below the
 * WCAG AA 4.5:1 contrast (green #389e0d on #f6ffed is 3.37:1; gold, orange, cyan, lime, volcano and
 * yellow lower still), which axe reports on whichever admin screen first shows one. The status colours
 * (success, warning, error, processing) are pinned to passing shades in AntdProvider; the passing
 * presets (blue, geekblue, red, purple, magenta) stay allowed.
 */
const SRC = join(__dirname, '..', '..');
const LOW_CONTRAST = ['green', 'gold', 'orange', 'cyan', 'lime', 'volcano', 'yellow'];
const PATTERNS = [new RegExp(`color=["'](${LOW_CONTRAST.join('|')})["']`, 'g'), new RegExp(`:\\s*'(${LOW_CONTRAST.join('|')})'`, 'g')];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('tag colours', () => {
  it('no source uses a preset tag colour that fails WCAG AA contrast', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of PATTERNS) for (const m of text.matchAll(pattern)) found.push(`${relative(SRC, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
