import { focusElement, focusPageHeading } from './move-focus';

/**
 * Focus after a row leaves an administration list with the control that had the focus (issue 27).
 * Its own module, apart from ./move-focus.ts, which is part of every public page's first load:
 * only the admin chunks import this one.
 */
/** Whether the focus was dropped: on <body>, or on an element no longer in the page. */
export const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * The controls of the row `rowId` (its `data-row-id`, a table row or a card: whichever is shown),
 * the one whose text is `label` first.
 */
function rowControls(rowId: string, label?: string): HTMLElement[] {
  const rows = document.querySelectorAll<HTMLElement>(`[data-row-id="${rowId}"]`);
  const controls = [...rows].flatMap((row) => [
    ...row.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea'),
  ]);
  const same = controls.filter((c) => c.textContent?.trim() === label);
  return [...same, ...controls];
}

/**
 * After an action that may take its control (and its row) off the page, run once the list shows
 * the result: if the focus was dropped (issue 27), it goes to the first of `rowIds` still shown
 * (the same row, then the next one, then the one before), on the control named `label` there or
 * its first control, and else to the page's heading. Does nothing when the focus is still on
 * something: the control stayed, or the person has moved on.
 */
export function refocusInList(rowIds: readonly (string | undefined)[], label?: string) {
  if (!focusLost()) return true;
  for (const id of rowIds) {
    if (id && rowControls(id, label).some((c) => focusElement(c))) return true;
  }
  return focusPageHeading();
}

/** The rows to try after an action on `id`, in `ids` (the list's order): itself, next, previous. */
export function rowsAround(ids: readonly string[], id: string): (string | undefined)[] {
  const i = ids.indexOf(id);
  return i < 0 ? [id] : [id, ids[i + 1], ids[i - 1]];
}
