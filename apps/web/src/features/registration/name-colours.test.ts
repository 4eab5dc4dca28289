import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FastColor } from '@ant-design/fast-color';
import { describe, expect, it } from 'vitest';

/**
 * The players' list writes a paid player's name in green and an unpaid one's in red, on white and on the
 * pale blue of the row under the pointer or chosen: each reaches WCAG AA 4.5:1 on both (antd's green-7,
 * #389e0d, was 3.5:1 on white).
 */
const css = readFileSync(join(__dirname, 'registration.module.css'), 'utf8');
const colourOf = (rule: string, property: string) => new RegExp(`${rule} \\{[^}]*?${property}: (#[0-9a-f]{6})`).exec(css)?.[1];
const luminance = (hex: string) => new FastColor(hex).getLuminance();
const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x! + 0.05) / (y! + 0.05);
};

describe('players list name colours', () => {
  const rowHover = colourOf(`\\.listItem\\[aria-current='true'\\]`, 'background');
  it.each(['red', 'green'])('%s names reach 4.5:1 on the list and on a chosen row', (name) => {
    const colour = colourOf(`\\.${name}`, 'color');
    expect(colour).toBeDefined();
    expect(rowHover).toBeDefined();
    expect(contrast(colour!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour!, rowHover!)).toBeGreaterThanOrEqual(4.5);
  });
});
