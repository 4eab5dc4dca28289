import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import s from './ui.module.css';

export interface TabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * WAI-ARIA tabs (automatic activation): arrows / Home / End move between tabs, one tab stop.
 * The caller renders the panel with `panelProps(key)`.
 */
export function useTabs<K extends string>(items: readonly TabItem<K>[], active: K, onChange: (key: K) => void, label: string) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement | null>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = items.findIndex((i) => i.key === active);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const key = items[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };

  const tabList: ReactNode = (
    <div role="tablist" aria-label={label} className={s.tablist}>
      {items.map((item) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current.set(item.key, el);
          }}
          type="button"
          role="tab"
          id={tabId(item.key)}
          aria-selected={item.key === active}
          aria-controls={panelId(item.key)}
          tabIndex={item.key === active ? 0 : -1}
          className={s.tab}
          onClick={() => onChange(item.key)}
          onKeyDown={onKeyDown}
        >
          {item.label}
        </button>
      ))}
    </div>
  );

  const panelProps = (key: K) => ({
    role: 'tabpanel' as const,
    id: panelId(key),
    'aria-labelledby': tabId(key),
    hidden: key !== active,
    tabIndex: 0,
  });

  return { tabList, panelProps };
}
