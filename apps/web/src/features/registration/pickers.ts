import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { NAME_SEARCH_MIN } from '@rp/shared/limits';
import { membersQuery, teamsQuery, type MemberItem, type TeamItem } from './api';

/** Spec 9: picker lists show 20 players or 30 teams; typing searches the server. */
export const PLAYER_PICKER_SIZE = 20;
export const TEAM_PICKER_SIZE = 30;

/** Teams for a select: the first 30, or the first 30 whose name contains what was typed. `keep` stay listed. */
export function useTeamPicker(activityId: number, enabled = true, keep: (TeamItem | { id: number; name: string } | null | undefined)[] = []) {
  const [search, setSearch] = useState('');
  const q = useQuery({
    ...teamsQuery({ activityId, name: search || undefined, size: TEAM_PICKER_SIZE }),
    select: (r) => r.content,
    enabled,
    placeholderData: keepPreviousData,
  });
  const teams = q.data ?? [];
  const options = teams.map((x) => ({ value: x.id, label: x.name }));
  for (const k of keep) if (k && !options.some((o) => o.value === k.id)) options.push({ value: k.id, label: k.name });
  return { teams, options, loading: q.isFetching, onSearch: (text: string) => setSearch(text.trim()), total: q.data?.length ?? 0 };
}

/** Players for a select: the first 20, or the first 20 whose name matches (spec 5: ≥ 2 characters, % a wildcard). */
export function usePlayerPicker(activityId: number, enabled = true) {
  const [search, setSearch] = useState('');
  const name = search.replace(/%/g, '').length >= NAME_SEARCH_MIN ? search : undefined;
  const q = useQuery({ ...membersQuery({ activityId, name, size: PLAYER_PICKER_SIZE }), select: (r) => r.content, enabled, placeholderData: keepPreviousData });
  const [chosen, setChosen] = useState<Map<number, MemberItem>>(new Map());
  const players = q.data ?? [];
  // players picked under an earlier search keep their label
  const remember = (ids: number[]) => {
    const next = new Map<number, MemberItem>();
    for (const id of ids) {
      const m = players.find((x) => x.id === id) ?? chosen.get(id);
      if (m) next.set(id, m);
    }
    setChosen(next);
  };
  const all = [...players, ...[...chosen.values()].filter((m) => !players.some((p) => p.id === m.id))];
  const options = all.map((m) => ({ value: m.id, label: m.team ? `${m.name} (${m.team.name})` : m.name }));
  return { players: all, options, loading: q.isFetching, onSearch: (text: string) => setSearch(text.trim()), remember };
}
