import { useEffect, useRef } from 'react';

const box =
  'size-5 shrink-0 rounded border-gray-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * "Tout sélectionner": every row of the page shown (table or cards); checked when they all are,
 * mixed when some are.
 */
export function SelectPageCheckbox({
  all,
  some,
  count,
  onToggle,
}: {
  all: boolean;
  some: boolean;
  /** Rows on the page. */
  count: number;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <label className="inline-flex min-h-11 max-w-full items-center gap-2 font-medium text-gray-900 wrap-anywhere">
      <input
        ref={ref}
        type="checkbox"
        className={box}
        checked={all}
        disabled={count === 0}
        onChange={onToggle}
      />
      Tout sélectionner
      <span className="text-sm font-normal text-gray-700">({count} sur cette page)</span>
    </label>
  );
}

type RowCheckboxProps = { name: string; checked: boolean; onToggle: () => void };

/** A row's checkbox, named after the person ("Sélectionner Awa Ngono"). */
function RowCheckbox({ name, checked, onToggle }: RowCheckboxProps) {
  return (
    <input
      type="checkbox"
      className={box}
      checked={checked}
      onChange={onToggle}
      aria-label={`Sélectionner ${name}`}
    />
  );
}

/**
 * The first cell of a table row, no taller than the row's two short lines (issue 40: eight
 * participants in a laptop's first screen); leading-none: no line box around the box.
 */
export function SelectRowCell(props: RowCheckboxProps) {
  return (
    <td className="w-10 py-0.5 align-middle leading-none">
      <RowCheckbox {...props} />
    </td>
  );
}

/** The same checkbox on a card (a phone), with a word beside it and a thumb-sized target. */
export function SelectCardCheckbox({ name, checked, onToggle }: RowCheckboxProps) {
  return (
    <label className="inline-flex min-h-11 max-w-full items-center gap-2 text-sm font-medium text-gray-800 wrap-anywhere">
      <input
        type="checkbox"
        className={box}
        checked={checked}
        onChange={onToggle}
        aria-label={`Sélectionner ${name}`}
      />
      <span aria-hidden="true">Choisir</span>
      <span className="sr-only">Sélectionner {name}</span>
    </label>
  );
}

/** The header of the checkboxes' column (the toolbar holds "Tout sélectionner"). */
export const SELECT_COLUMN = {
  label: <span className="sr-only">Sélection</span>,
  className: 'w-10',
};
