import { useRef, useState, type ReactNode } from 'react';
import { Field } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { useNarrowScreen } from './use-narrow-screen';

type FilterFormProps = {
  /** Names the search landmark, e.g. "Rechercher des participants". */
  label: string;
  /**
   * What the search box looks in, e.g. "Nom, email ou téléphone"; none: the list has filters
   * only (the outbox), and no box that would search nothing.
   */
  searchHint?: string;
  searchInput: string;
  onSearchInput: (value: string) => void;
  /** Shows "Réinitialiser les filtres" when a search or a filter is set. */
  hasFilters: boolean;
  onReset: () => void;
  /** The filters (FilterSelect). */
  children: ReactNode;
  /**
   * How many of the filters are set. On a phone the filters fold under "Filtres" (issue 40:
   * seven of them filled the first screen), open when one is set.
   */
  activeFilters?: number;
  /**
   * Fold the filters under "Filtres" on every screen, not only on a phone: the search box and
   * the disclosure share one line, so a long list's rows start higher (the participants list,
   * issue 40: at least eight of them in a laptop's first screen).
   */
  foldAlways?: boolean;
};

/** Search box, filters and "Réinitialiser les filtres" above an administration list. */
export function FilterForm({
  label,
  searchHint,
  searchInput,
  onSearchInput,
  hasFilters,
  onReset,
  children,
  activeFilters = 0,
  foldAlways = false,
}: FilterFormProps) {
  const narrow = useNarrowScreen();
  const fold = narrow || foldAlways;
  // Open at first when a filter is set (a shared link); then as the organiser leaves it.
  const [open, setOpen] = useState(activeFilters > 0);
  const searchBox = useRef<HTMLInputElement>(null);
  // The button goes once nothing is filtered: the focus goes to the search box (issue 15), or
  // the first filter of a list without one.
  const form = useRef<HTMLFormElement>(null);
  const reset = () => {
    onReset();
    (searchBox.current ?? form.current?.querySelector('select'))?.focus();
  };
  return (
    <form
      ref={form}
      role="search"
      aria-label={label}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-x-4 gap-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-6"
    >
      {searchHint !== undefined && (
        <Field label="Rechercher" hint={searchHint} className="xl:col-span-2">
          <input
            ref={searchBox}
            type="search"
            value={searchInput}
            onChange={(e) => onSearchInput(e.target.value)}
          />
        </Field>
      )}
      {fold ? (
        <details
          open={open}
          onToggle={(e) => setOpen(e.currentTarget.open)}
          // Beside the search box on a wider screen, its summary level with the box.
          className={`group ${narrow ? '' : 'lg:col-span-3 lg:pt-6 xl:col-span-4'}`}
        >
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
            <span aria-hidden="true" className="transition-transform group-open:rotate-90">
              ▸
            </span>
            <span>Filtres</span>
            {activeFilters > 0 && (
              <span className="text-sm font-normal text-gray-700">
                ({activeFilters} {activeFilters > 1 ? 'actifs' : 'actif'})
              </span>
            )}
          </summary>
          <div className={`mt-3 grid gap-4 ${narrow ? '' : 'lg:grid-cols-3'}`}>{children}</div>
        </details>
      ) : (
        children
      )}
      {hasFilters && (
        <div className="sm:col-span-2 lg:col-span-4 xl:col-span-6">
          <Button variant="secondary" onClick={reset}>
            Réinitialiser les filtres
          </Button>
        </div>
      )}
    </form>
  );
}

/** Option values and labels, in display order, from a labels record. */
export const labelOptions = <V extends string>(labels: Record<V, string>) =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));

type FilterSelectProps<V extends string> = {
  label: string;
  value: V | '';
  onChange: (value: V | '') => void;
  /** The first option, value '' (e.g. "Toutes les régions"). */
  allLabel: string;
  options: readonly { value: V; label: string }[];
};

export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  allLabel,
  options,
}: FilterSelectProps<V>) {
  return (
    <Field label={label}>
      <select value={value} onChange={(e) => onChange(e.target.value as V | '')}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Rows per page of a list (10 / 25 / 50), beside its filters. */
export function PageSizeSelect({
  value,
  sizes,
  onChange,
}: {
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}) {
  return (
    <Field label="Lignes par page">
      <select value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </Field>
  );
}
