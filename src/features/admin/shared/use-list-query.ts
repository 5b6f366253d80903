import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 300;

/** Filters of an administration list: each is a string, '' meaning "all". */
type Filters = { search: string } & Record<string, string>;

/**
 * Search, filters and page of a paginated list. The search box is applied once typing pauses;
 * any change of search or filter goes back to page 1.
 */
export function useListQuery<F extends Filters>(emptyFilters: F) {
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<F & { page: number }>({ ...emptyFilters, page: 1 });

  useEffect(() => {
    const t = setTimeout(() => {
      const search = searchInput.trim();
      setQuery((q) => (q.search === search ? q : { ...q, search, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [searchInput]);

  const { page, ...filters } = query;

  return {
    /** Identifies the request (filters and page) for useAsyncData. */
    key: JSON.stringify(query),
    page,
    filters: filters as unknown as F,
    searchInput,
    setSearchInput,
    setFilter: <K extends Exclude<keyof F, 'search'>>(key: K, value: F[K]) =>
      setQuery((q) => ({ ...q, [key]: value, page: 1 })),
    setPage: (next: number | ((page: number) => number)) =>
      setQuery((q) => ({ ...q, page: typeof next === 'function' ? next(q.page) : next })),
    hasFilters:
      searchInput.trim() !== '' ||
      Object.entries(filters).some(([k, v]) => k !== 'search' && v !== ''),
    reset: () => {
      setSearchInput('');
      setQuery({ ...emptyFilters, page: 1 });
    },
  };
}
