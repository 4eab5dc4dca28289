import { describe, expect, it } from 'vitest';
import type { OfficialFileItem } from '../../lib/contract';
import { groupFiles } from './loaders';

const file = (
  id: number,
  year: number,
  activityId: number | null,
  activityName: string | null = activityId ? `A${activityId}` : null,
  activityYear: number | null = activityId ? year : null,
): OfficialFileItem => ({
  id,
  title: `F${id}`,
  year,
  activityId,
  activityName,
  activityYear,
  fileName: `f${id}.pdf`,
  fileSize: 100,
  downloads: 0,
  url: `/api/lOfficialFile/web/download/${id}`,
});

describe('groupFiles', () => {
  it('groups by year (newest first), then activity (general files last), keeping the order', () => {
    const groups = groupFiles([file(1, 2025, 545), file(2, 2026, null), file(3, 2026, 600), file(4, 2026, 600), file(5, 2026, 568)]);
    expect(groups.map((g) => g.year)).toEqual([2026, 2025]);
    expect(groups[0]!.activities.map((a) => [a.activityId, a.files.map((f) => f.id)])).toEqual([
      [600, [3, 4]],
      [568, [5]],
      [null, [2]],
    ]);
    expect(groups[1]!.activities[0]!.activityName).toBe('A545');
  });

  it("files a document under its activity's year, whatever its own year says", () => {
    // a 2026 rule file attached to the 2025 event belongs to 2025; a general 2026 file stays in 2026
    const groups = groupFiles([file(1, 2026, 545, 'Shanghai 2025', 2025), file(2, 2026, null), file(3, 2025, 600, 'Beijing 2026', 2026)]);
    expect(groups.map((g) => [g.year, g.activities.map((a) => a.activityId)])).toEqual([
      [2026, [600, null]],
      [2025, [545]],
    ]);
  });
});
