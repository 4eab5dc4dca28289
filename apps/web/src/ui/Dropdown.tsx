import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import s from './ui.module.css';

export interface DropdownProps {
  /** Visible button content. */
  label: ReactNode;
  /** Accessible name of the button when the visible content is not enough. */
  ariaLabel?: string;
  className?: string;
  buttonClassName?: string;
  /** Open on pointer hover as well as on click / keyboard (spec 2.3: hover menu). */
  openOnHover?: boolean;
  children: (close: (restoreFocus?: boolean) => void) => ReactNode;
}

const canHover = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover)').matches;

/**
 * Disclosure-style dropdown (a button with aria-expanded controlling a list of links and buttons).
 * Opens on hover, click, Enter/Space or ArrowDown; closes on Esc, outside click or when focus leaves.
 */
export function Dropdown({ label, ariaLabel, className, buttonClassName, openOnHover = false, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const panelId = useId();
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A click right after hover-opening must not close the menu the pointer just opened.
  const openedByHover = useRef(false);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const items = () => Array.from(panelRef.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? []);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(list.length - 1);
    }
  };

  return (
    <div
      ref={rootRef}
      className={`${s.dropdown} ${className ?? ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onMouseEnter={() => {
        if (!openOnHover || !canHover()) return;
        clearTimeout(hoverTimer.current);
        if (!open) openedByHover.current = true;
        setOpen(true);
      }}
      onMouseLeave={() => {
        if (!openOnHover || !canHover()) return;
        hoverTimer.current = setTimeout(() => {
          openedByHover.current = false;
          setOpen(false);
        }, 150);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={`${s.dropdownButton} ${buttonClassName ?? ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={ariaLabel}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            setOpen(true);
          } else setOpen((v) => !v);
        }}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <span className={s.caret} aria-hidden="true" />
      </button>
      <ul ref={panelRef} id={panelId} className={s.dropdownPanel} hidden={!open} onKeyDown={onPanelKeyDown}>
        {children(close)}
      </ul>
    </div>
  );
}

export const menuItemClass = s.menuItem;
/** The look of the dropdown and its button, for a stand-in drawn before the page has hydrated (the language switch's link). */
export const dropdownClass = s.dropdown;
export const dropdownButtonClass = s.dropdownButton;
export const menuDividerClass = s.menuDivider;
