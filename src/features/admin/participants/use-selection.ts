import { useState } from 'react';

/**
 * The rows ticked on a list page. Only the rows of the page shown count (a filter or a page
 * change leaves the others out), so an action never reaches a participant the admin cannot see.
 */
export function useSelection<T extends { id: string }>(rows: readonly T[]) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const selected = rows.filter((r) => ticked.has(r.id));
  const all = rows.length > 0 && selected.length === rows.length;
  return {
    /** The ticked rows of this page, in the page's order. */
    selected,
    isSelected: (id: string) => ticked.has(id),
    toggle: (id: string) =>
      setTicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    /** "Tout sélectionner": every row of the page, or none when they all are. */
    togglePage: () => setTicked(all ? new Set() : new Set(rows.map((r) => r.id))),
    clear: () => setTicked(new Set()),
    allOnPage: all,
    someOnPage: selected.length > 0 && !all,
  };
}

export type Selection<T extends { id: string }> = ReturnType<typeof useSelection<T>>;
