import { FastColor } from '@ant-design/fast-color';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { brandTheme } from './AntdProvider';

/**
 * Every text colour antd derives from the brand theme, in every state a person sees it in (hover and
 * pressed included: axe only sees the state the page is in), against the background it is drawn on,
 * reaches WCAG AA 4.5:1. Hover shades are derived from the seeds: a darker seed alone does not make them pass
 * (the admin brand link's hover was #5e85b5 on white, 3.8:1).
 */
const token = theme.getDesignToken(brandTheme) as unknown as Record<string, string>;

/** Colours with transparency (the secondary texts) are composited on their background first. */
function contrast(fg: string, bg: string): number {
  const back = new FastColor(bg);
  const [a, b] = [new FastColor(fg).onBackground(back).getLuminance(), back.getLuminance()];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const TEXTS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextPlaceholder',
  'colorLink',
  'colorLinkHover',
  'colorLinkActive',
  'colorPrimary',
  'colorPrimaryText',
  'colorPrimaryTextHover',
  'colorPrimaryTextActive',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorError',
  'colorErrorText',
  'colorErrorTextHover',
  'colorErrorTextActive',
  'colorErrorHover',
  'colorErrorActive',
  'colorSuccess',
  'colorSuccessText',
  'colorWarning',
  'colorWarningText',
  'colorInfo',
  'colorInfoText',
];

/** [text, background]: texts on the page and card backgrounds, filled tags and alerts, labels of filled buttons. */
const PAIRS: [string, string][] = [
  ...TEXTS.flatMap((fg): [string, string][] => [
    [fg, 'colorBgContainer'],
    [fg, 'colorBgLayout'],
  ]),
  ...['Success', 'Info', 'Warning', 'Error'].flatMap((s): [string, string][] => [
    [`color${s}`, `color${s}Bg`],
    [`color${s}Text`, `color${s}Bg`],
  ]),
  ...['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover', 'colorErrorActive'].map((bg): [string, string] => [
    'colorTextLightSolid',
    bg,
  ]),
];

describe('brand theme contrast', () => {
  it('every derived text colour reaches 4.5:1 on its background', () => {
    const failing = PAIRS.filter(([fg, bg]) => contrast(token[fg]!, token[bg]!) < 4.5).map(
      ([fg, bg]) => `${fg} ${token[fg]} on ${bg} ${token[bg]}: ${contrast(token[fg]!, token[bg]!).toFixed(2)}`,
    );
    expect(failing).toEqual([]);
  });
});
