import { useEffect, useRef, type ReactNode } from 'react';

/**
 * antd renders a horizontally scrollable table region that keyboard users cannot reach. Make the
 * scroll container focusable and named so it can be scrolled with arrow keys (WCAG 2.1.1).
 */
export function ScrollableTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const el of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (el.scrollWidth > el.clientWidth || getComputedStyle(el).overflowX !== 'visible') {
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', label);
      }
    }
  });
  return <div ref={ref}>{children}</div>;
}
