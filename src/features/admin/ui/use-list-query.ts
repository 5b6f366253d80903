import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageCountOf } from '@/components/ui/Pager';

export const SEARCH_DELAY_MS = 300;
export const PAGE_SIZES = [10, 25, 50] as const;
const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** Filters of an administration list: each is a string, '' meaning "all". */
type Filters = { search: string } & Record<string, string>;

/** For each select filter, the values it accepts (anything else in the URL means "all"). */
type Allowed<F extends Filters> = Partial<Record<Exclude<keyof F, 'search'>, readonly string[]>>;

/**
 * The columns a list can be sorted by, each with the direction a first click gives (names A→Z,
 * dates newest first). The list's default order is `date` descending.
 */
export type SortKeys<K extends string> = Record<K, 'asc' | 'desc'>;
export type Sort<K extends string> = { key: K; ascending: boolean };

const DEFAULT_SORT = { key: 'date', ascending: false } as const;

/** `sort=name` is ascending, `sort=-name` descending; anything unknown is the default. */
function parseSort<K extends string>(value: string | null, keys: SortKeys<K>): Sort<K> {
  const descending = value?.startsWith('-') ?? false;
  const key = (descending ? value?.slice(1) : value) ?? '';
  return key in keys ? { key: key as K, ascending: !descending } : (DEFAULT_SORT as Sort<K>);
}

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

/**
 * Search, filters, sort, page and page size of a paginated list, kept in the URL's query string
 * (`?region=Littoral&sort=name&page=2`): a copied link, Back/Forward and a return from a detail
 * page show the same view. Default values are left out of the URL. Every applied change is one
 * history entry, so Back undoes it; the search box is applied once typing pauses (one entry per
 * pause, not per key). Any change of search, filter, sort or page size goes back to page 1.
 */
export function useListQuery<F extends Filters, K extends string = 'date'>(
  emptyFilters: F,
  allowed: Allowed<F> = {},
  sortKeys: SortKeys<K> = { date: 'desc' } as SortKeys<K>,
) {
  const [params, setParams] = useSearchParams();

  const filters = { ...emptyFilters };
  for (const key of Object.keys(emptyFilters) as (keyof F & string)[]) {
    const value = params.get(key)?.trim() ?? '';
    const accepted = allowed[key as Exclude<keyof F, 'search'>];
    (filters as Record<string, string>)[key] = !accepted || accepted.includes(value) ? value : '';
  }
  const page = positiveInt(params.get('page')) ?? 1;
  const sizeParam = positiveInt(params.get('size'));
  const pageSize = PAGE_SIZES.find((s) => s === sizeParam) ?? DEFAULT_PAGE_SIZE;
  const sort = parseSort(params.get('sort'), sortKeys);

  /** Applies `changes` ('' / default values remove the parameter); page 1 unless one is given. */
  const update = (changes: Record<string, string | number>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === '' ||
            (key === 'page' && value === 1) ||
            (key === 'size' && value === DEFAULT_PAGE_SIZE) ||
            (key === 'sort' && value === `-${DEFAULT_SORT.key}`);
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace },
    );

  // The box follows the URL (Back/Forward), except while it only differs by spaces being typed.
  const urlSearch = filters.search;
  const [searchInput, setSearchInput] = useState(urlSearch);
  const [shownSearch, setShownSearch] = useState(urlSearch);
  if (shownSearch !== urlSearch) {
    setShownSearch(urlSearch);
    if (searchInput.trim() !== urlSearch) setSearchInput(urlSearch);
  }

  // The pause's timer applies the search to the URL as it is when the timer fires: a filter chosen
  // meanwhile stays (the timer once wrote the URL it saw when typing began, putting the filter
  // back to "all"). useEffectEvent reads this render's `update` and `urlSearch`, not the ones of
  // the keystroke that started the timer.
  const applySearch = useEffectEvent((search: string) => {
    if (search !== urlSearch) update({ search });
  });
  useEffect(() => {
    const t = setTimeout(() => applySearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [searchInput]);

  /** A change that goes back to page 1 also applies what is typed in the box, in one entry. */
  const withTypedSearch = (changes: Record<string, string | number>) =>
    update({ search: searchInput.trim(), ...changes });

  const { search: _search, ...selects } = filters;
  return {
    page,
    pageSize,
    filters: filters as F,
    searchInput,
    setSearchInput,
    setFilter: <K extends Exclude<keyof F, 'search'> & string>(key: K, value: F[K]) =>
      withTypedSearch({ [key]: value }),
    setPage: (next: number, { replace = false } = {}) => update({ page: next }, replace),
    setPageSize: (size: number) => withTypedSearch({ size }),
    sort,
    /** A click on a column: the other direction when it is the current one, else its first. */
    sortBy: (key: K) => {
      const ascending = key === sort.key ? !sort.ascending : sortKeys[key] === 'asc';
      withTypedSearch({ sort: ascending ? key : `-${key}` });
    },
    hasFilters: searchInput.trim() !== '' || Object.values(selects).some((v) => v !== ''),
    reset: () => {
      setSearchInput('');
      update(Object.fromEntries(Object.keys(emptyFilters).map((k) => [k, ''])));
    },
  };
}

/**
 * A page past the end (an old link, or the last row of the last page deleted) is replaced by the
 * last page, in the same history entry.
 */
export function useStayInRange(
  {
    page,
    pageSize,
    setPage,
  }: Pick<ReturnType<typeof useListQuery>, 'page' | 'pageSize' | 'setPage'>,
  list: { data?: { rows: unknown[]; total: number }; isPlaceholderData: boolean },
) {
  const rows = list.data?.rows.length ?? 0;
  const total = list.data?.total ?? 0;
  const lastPage = pageCountOf(total, pageSize);
  const pastTheEnd = !list.isPlaceholderData && rows === 0 && total > 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, setPage]);
}
