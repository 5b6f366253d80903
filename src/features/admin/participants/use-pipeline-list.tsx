import type { Participant } from '@/data/participants/types';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import { Fact } from '../ui/ListCards';
import { useCanWrite } from '../workspace/use-staff-role';
import { BulkToolbar } from './BulkToolbar';
import { SELECT_COLUMN, SelectCardCheckbox, SelectRowCell } from './SelectionCheckboxes';
import { StatusBadge } from './StatusBadge';
import { statusOf } from './status-labels';
import { useSelection } from './use-selection';

/** "Douala, samedi 12 juillet à 14:00" (in Douala), or null without a slot. */
export function slotText(p: Pick<Participant, 'auditionCity' | 'auditionAt'>): string | null {
  if (!p.auditionCity || !p.auditionAt) return null;
  const day = formatEventDate(p.auditionAt).replace(/ \d{4}$/, '');
  return `${p.auditionCity}, ${day} à ${formatEventTime(p.auditionAt)}`;
}

/** A card's "Statut" and "Audition" facts (the table row: participant-rows.tsx). */
export function PipelineFacts({ participant: p }: { participant: Participant }) {
  return (
    <>
      <Fact term="Statut">
        <StatusBadge status={statusOf(p)} />
      </Fact>
      <Fact term="Audition">{slotText(p)}</Fact>
    </>
  );
}

/**
 * The contest pipeline on the participants list, for the page to drop in. Admins get:
 * - `columns`: the checkboxes' column, to put first in the table's columns;
 * - `cell(p)`: that column's cell, first in each row; `cardCheckbox(p)`: the same on a card;
 * - `toolbar`: "Tout sélectionner" and the bulk actions (status, slot, convocations), e.g. as
 *   the ListPage's `intro`.
 * A reader gets none of them (empty columns, null elements). The status column itself is
 * `'Statut'` (`<PipelineFacts …/>` on a card).
 */
export function usePipelineList(rows: readonly Participant[]) {
  const canWrite = useCanWrite();
  const selection = useSelection(rows);
  if (!canWrite) {
    return { columns: [], cell: () => null, cardCheckbox: () => null, toolbar: null, selection };
  }
  const props = (p: Participant) => ({
    name: p.fullName,
    checked: selection.isSelected(p.id),
    onToggle: () => selection.toggle(p.id),
  });
  return {
    columns: [SELECT_COLUMN],
    cell: (p: Participant) => <SelectRowCell {...props(p)} />,
    cardCheckbox: (p: Participant) => <SelectCardCheckbox {...props(p)} />,
    toolbar: <BulkToolbar selection={selection} pageCount={rows.length} />,
    selection,
  };
}
