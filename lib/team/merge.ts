// Local and team search results as one list: taken in turn from each side's ranking, so neither
// buries the other, without the team copies of this host's own memories (the local row is there).

export type Origin<L, T> = { readonly origin: 'local'; readonly hit: L } | { readonly origin: 'team'; readonly hit: T };

export function mergeResults<L, T extends { readonly host_id: string }>(
  local: readonly L[],
  team: readonly T[],
  ownHostId: string | null,
  limit: number,
): Origin<L, T>[] {
  const others = team.filter((hit) => hit.host_id !== ownHostId);
  const merged: Origin<L, T>[] = [];
  for (let i = 0; merged.length < limit && (i < local.length || i < others.length); i++) {
    const mine = local[i];
    const theirs = others[i];
    if (mine !== undefined) merged.push({ origin: 'local', hit: mine });
    if (theirs !== undefined && merged.length < limit) merged.push({ origin: 'team', hit: theirs });
  }
  return merged;
}
