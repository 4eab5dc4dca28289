import { StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';

// antd's own instance (a dependency of antd, hoisted): its StyleProvider is the context antd's components read
const apart = document.createElement('div');

/**
 * antd's CSS-in-JS rules written into an element outside the document (tests only). With them in <head>, every
 * getByRole, findByText and popup alignment asks jsdom's getComputedStyle to match each element against
 * thousands of rules: the privacy screens' tests took 27.5 s and 18.1 CPU-s, 7.4 s and 7.7 CPU-s with the rules
 * apart. What is hidden in these screens is absent from the DOM, not hidden by antd's stylesheet.
 */
export function AntdStylesApart({ children }: { children: ReactNode }) {
  return <StyleProvider container={apart}>{children}</StyleProvider>;
}
