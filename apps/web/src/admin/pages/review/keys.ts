/** What a key press means on the review screen (list or detail); null = not ours, let it through. */
export type ReviewKeyAction = 'next' | 'prev' | 'pass' | 'fail' | 'open' | 'select';

const KEYS: Record<string, ReviewKeyAction> = {
  ArrowDown: 'next',
  j: 'next',
  J: 'next',
  ArrowUp: 'prev',
  k: 'prev',
  K: 'prev',
  p: 'pass',
  P: 'pass',
  f: 'fail',
  F: 'fail',
  Enter: 'open',
  x: 'select',
  X: 'select',
};

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/**
 * Keys are read only when no modifier is held, no IME is composing and focus is not in a text field;
 * Enter on a button or link keeps its own meaning.
 */
export function reviewKeyAction(e: KeyLike): ReviewKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return null;
  const el = e.target as HTMLElement | null;
  const tag = el?.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || el?.isContentEditable) return null;
  if (tag === 'INPUT' && (el as HTMLInputElement).type !== 'checkbox') return null;
  const action = KEYS[e.key] ?? null;
  if (action === 'open' && (tag === 'BUTTON' || tag === 'A' || tag === 'INPUT')) return null;
  return action;
}

/**
 * Who has the focus once `decided` leave the list: the active row if it stays, else the first row after
 * it that stays, else the nearest one before it.
 */
export function nextAfterDecision(ids: number[], decided: number[], active: number | null): number | null {
  const stays = (id: number) => !decided.includes(id);
  if (active !== null && ids.includes(active) && stays(active)) return active;
  const at =
    active !== null && ids.includes(active) ? ids.indexOf(active) : Math.min(...decided.map((id) => ids.indexOf(id)).filter((i) => i >= 0), ids.length);
  return ids.slice(at + 1).find(stays) ?? ids.slice(0, at).reverse().find(stays) ?? null;
}

/** The id `step` rows away from `id`, clamped to the list. */
export function move(ids: number[], id: number | null, step: 1 | -1): number | null {
  if (!ids.length) return null;
  const i = id === null ? -1 : ids.indexOf(id);
  if (i < 0) return ids[step === 1 ? 0 : ids.length - 1]!;
  return ids[Math.min(ids.length - 1, Math.max(0, i + step))]!;
}

/** Only the server's private upload route may be shown as an image or opened (members type these URLs). */
export function privateFileUrl(url: string | null | undefined): string | null {
  return url && /^\/api\/files\/private\/[A-Za-z0-9/_.-]+$/.test(url) && !url.includes('..') ? url : null;
}
