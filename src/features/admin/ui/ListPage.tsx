import type { ReactNode } from 'react';
import { Pager } from '@/components/ui/Pager';
import type { Page } from '@/data/shared/query-helpers';
import { formatCount } from '@/lib/numbers';
import { DataTable, type Column } from './DataTable';
import { FilterForm, FilterSelect, PageSizeSelect } from './FilterForm';
import { ListHeader } from './ListHeader';
import { CardList } from './ListCards';
import { ListState, type QueryView } from './ListState';
import { PAGE_SIZES, useListQuery, useStayInRange, type Sort } from './use-list-query';
import { useNarrowScreen } from './use-narrow-screen';

type ListQuery<K extends string> = Omit<ReturnType<typeof useListQuery>, 'sort' | 'sortBy'> & {
  sort: Sort<K>;
  sortBy: (key: K) => void;
};

export type SelectFilter = {
  key: string;
  label: string;
  /** The first option, value '' (e.g. "Toutes les régions"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

type ListPageProps<K extends string> = {
  title: ReactNode;
  /** Counted rows, singular and plural: "participant" / "participants". */
  noun: readonly [string, string];
  /** The header's actions (export). */
  actions: ReactNode;
  /** Shown between the header and the filters (a summary). */
  intro?: ReactNode;
  /** The list's URL state (useListQuery). */
  query: ListQuery<K>;
  /** The search landmark's name and what the box searches (no hint: filters only, no box). */
  search: { label: string; hint?: string };
  /** The select filters, before the page size: each reads and writes its URL key. */
  selects: readonly SelectFilter[];
  /** The page's useQuery result. */
  list: QueryView & { data?: Page<unknown>; isPlaceholderData: boolean };
  loadingText: string;
  /** When no row matches a search or filter / when there is no row at all. */
  emptyText: { filtered: string; none: string };
  table: { caption: string; regionLabel: string; columns: readonly Column<K>[] };
  pagerLabel: string;
  /** The rows (<tr>) of the current page. */
  children: ReactNode;
  /**
   * The same rows as cards (ListCard), shown instead of the table below 640 px. A list without
   * them keeps its table (scrolling sideways) on a phone.
   */
  cards?: ReactNode;
  /** The filters fold under "Filtres" on every screen, not only on a phone (FilterForm). */
  foldFilters?: boolean;
};

/**
 * The skeleton of every administration list (docs/decisions/008-admin-data-layer.md): header
 * with the live count and the actions, search and filters, the table with its sortable headers
 * (or, on a phone, the cards with sort buttons), its loading / error / empty states and the
 * pager, all driven by the URL (useListQuery).
 */
export function ListPage<K extends string>({
  title,
  noun,
  actions,
  intro,
  query,
  search,
  selects,
  list,
  loadingText,
  emptyText,
  table,
  pagerLabel,
  children,
  cards,
  foldFilters = false,
}: ListPageProps<K>) {
  useStayInRange(query, list);
  const narrow = useNarrowScreen();
  const total = list.data?.total ?? 0;
  const more = list.data?.more === true;
  const empty = (list.data?.rows.length ?? 0) === 0;
  return (
    <div className="space-y-4 lg:space-y-5">
      <ListHeader
        title={title}
        summary={
          list.data
            ? `${more ? 'Plus de ' : ''}${formatCount(total)} ${noun[total > 1 ? 1 : 0]}`
            : ''
        }
      >
        {actions}
      </ListHeader>
      {intro}
      <FilterForm
        label={search.label}
        searchHint={search.hint}
        searchInput={query.searchInput}
        onSearchInput={query.setSearchInput}
        hasFilters={query.hasFilters}
        foldAlways={foldFilters}
        onReset={query.reset}
        activeFilters={
          selects.filter((f) => (query.filters as Record<string, string>)[f.key]).length
        }
      >
        {selects.map((f) => (
          <FilterSelect
            key={f.key}
            label={f.label}
            value={(query.filters as Record<string, string>)[f.key] ?? ''}
            onChange={(v) => query.setFilter(f.key, v)}
            allLabel={f.allLabel}
            options={f.options}
          />
        ))}
        <PageSizeSelect value={query.pageSize} sizes={PAGE_SIZES} onChange={query.setPageSize} />
      </FilterForm>
      <ListState
        query={list}
        loadingText={loadingText}
        empty={empty}
        emptyText={query.hasFilters ? emptyText.filtered : emptyText.none}
        footer={
          <Pager
            page={query.page}
            total={total}
            more={more}
            pageSize={query.pageSize}
            label={pagerLabel}
            onPageChange={query.setPage}
          />
        }
      >
        {narrow && cards !== undefined ? (
          <CardList
            caption={table.caption}
            columns={table.columns}
            sort={query.sort}
            onSort={query.sortBy}
          >
            {cards}
          </CardList>
        ) : (
          <DataTable
            caption={table.caption}
            regionLabel={table.regionLabel}
            columns={table.columns}
            sort={query.sort}
            onSort={query.sortBy}
          >
            {children}
          </DataTable>
        )}
      </ListState>
    </div>
  );
}
