// What the user opened or closed in a row (reasoning, tool arguments and results, a compaction summary):
// a row that scrolls out of the window loses its DOM, and comes back as the user left it.

export type DisclosureState = readonly boolean[];

export function readDisclosures(row: Element): DisclosureState {
  return [...row.querySelectorAll('details')].map((details) => details.open);
}

export function applyDisclosures(row: Element, state: DisclosureState): void {
  const all = row.querySelectorAll('details');
  // A row rebuilt from a changed message may have other sections: only a matching shape is restored.
  if (all.length !== state.length) return;
  all.forEach((details, i) => {
    const open = state[i] as boolean;
    if (details.open !== open) details.open = open;
  });
}
