import { isoDay } from '../../lib/format';

/**
 * The name an export is saved under: the list and the day it is in Beijing (players-2026-11-29.xlsx at 07:30
 * there, still the 28th in UTC). Not in model.ts: the journeys import that, and lib/format would bring i18n.
 */
export function exportFileName(name: string, now = new Date()): string {
  return `${name}-${isoDay(now.toISOString())}.xlsx`;
}
