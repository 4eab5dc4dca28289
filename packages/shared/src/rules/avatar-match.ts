/** Batch avatars (spec 5): files are matched to players by file name without extension. */
export interface MatchPlayer {
  id: number;
  name: string;
  /** masked ID number; rows without one are not selectable */
  card: string | null;
}
export interface MatchRow<P extends MatchPlayer = MatchPlayer> {
  fileName: string;
  /** the name the file stands for */
  name: string;
  /** the player when exactly one has this name */
  player: P | null;
  /** every player with this name (several: the person confirms the match) */
  candidates: P[];
  ambiguous: boolean;
  selectable: boolean;
}

export function baseName(fileName: string): string {
  const leaf = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = leaf.lastIndexOf('.');
  return (dot > 0 ? leaf.slice(0, dot) : leaf).normalize('NFKC').trim();
}

/** One pass over the players into a map, one lookup per file: O(players + files). */
export function matchAvatars<P extends MatchPlayer>(fileNames: readonly string[], players: readonly P[]): MatchRow<P>[] {
  const byName = new Map<string, P[]>();
  for (const p of players) {
    const key = p.name.normalize('NFKC').trim();
    const list = byName.get(key);
    if (list) list.push(p);
    else byName.set(key, [p]);
  }
  return fileNames.map((fileName) => {
    const name = baseName(fileName);
    const candidates = byName.get(name) ?? [];
    const player = candidates.length === 1 ? candidates[0]! : null;
    return { fileName, name, player, candidates, ambiguous: candidates.length > 1, selectable: !!player?.card };
  });
}
