import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, type AuditFilters } from '@/data/journal/audit';
import { labelOptions } from '../ui/FilterForm';
import { AdminsOnly } from '../workspace/AdminsOnly';
import { ListPage } from '../ui/ListPage';
import { journalListQuery } from '@/data/journal/queries';
import { linkClass } from '../ui/classes';
import { useListQuery } from '../ui/use-list-query';
import { ACTION_LABELS } from './action-labels';
import { DateRangeFilter } from './DateRangeFilter';
import { JournalCard, JournalRow } from './JournalRow';
import * as paths from '@/config/route-paths';

const EMPTY_FILTERS: Required<AuditFilters> = { search: '', action: '', from: '', to: '' };
const ALLOWED = { action: AUDIT_ACTIONS };

/**
 * "Journal": every admin write, recorded by the database (who, when, what, before and after),
 * newest first, filtered by action and period. Read only: nobody edits the journal. Admins only:
 * anyone else reads that it is reserved to them (AdminsOnly), not "0 entrée".
 */
export default function JournalPage() {
  return (
    <AdminsOnly title="Journal" what="Le journal">
      <Journal />
    </AdminsOnly>
  );
}

function Journal() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED);
  const { filters } = query;
  const list = useQuery(journalListQuery(filters, query.page, query.pageSize));
  return (
    <ListPage
      title="Journal"
      noun={['entrée', 'entrées']}
      actions={
        <Link to={paths.adminBin} className={linkClass}>
          Corbeille →
        </Link>
      }
      intro={
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          onChange={(key, value) => query.setFilter(key, value)}
        />
      }
      query={query}
      search={{ label: 'Rechercher dans le journal', hint: 'Résumé ou e-mail de l’auteur' }}
      selects={[
        {
          key: 'action',
          label: 'Action',
          allLabel: 'Toutes les actions',
          options: labelOptions(ACTION_LABELS),
        },
      ]}
      list={list}
      loadingText="Chargement du journal…"
      emptyText={{
        filtered: 'Aucune entrée ne correspond à votre recherche',
        none: 'Le journal est vide pour le moment',
      }}
      table={{
        caption: 'Journal des actions, de la plus récente à la plus ancienne',
        regionLabel: 'Tableau du journal',
        columns: ['Quand', 'Qui', 'Action', 'Résumé', 'Détail'],
      }}
      pagerLabel="Pagination du journal"
      cards={(list.data?.rows ?? []).map((e) => (
        <JournalCard key={e.id} entry={e} />
      ))}
    >
      {(list.data?.rows ?? []).map((e) => (
        <JournalRow key={e.id} entry={e} />
      ))}
    </ListPage>
  );
}
