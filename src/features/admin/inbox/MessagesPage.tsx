import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CSV_MIME, downloadFile } from '@/lib/csv';
import { notify } from '@/lib/toast';
import { refocusInList, rowsAround } from '@/lib/refocus-in-list';
import { logExport } from '@/data/journal/audit';
import { fetchAllMessages, MESSAGE_STATES, type MessageFilters } from '@/data/inbox/messages';
import { messagesCsv, messagesFileName } from './messages-csv';
import { ExportButton } from '../ui/ExportButton';
import { ListPage } from '../ui/ListPage';
import { messagesListQuery } from '@/data/inbox/queries';
import { useListQuery } from '../ui/use-list-query';
import { useCanWrite } from '../workspace/use-staff-role';
import { MessageCard, MessageRow } from './MessageRow';
import { useSetMessageHandled } from '@/data/inbox/mutations';

const EMPTY_FILTERS: Required<MessageFilters> = { search: '', state: '' };
const ALLOWED = { state: MESSAGE_STATES };
const STATE_OPTIONS = [
  { value: 'unhandled', label: 'Non traités' },
  { value: 'handled', label: 'Traités' },
] as const;

async function exportMessages(filters: MessageFilters) {
  try {
    const all = await fetchAllMessages(filters);
    if (all.length === 0) {
      notify.error('Aucun message à exporter');
      return;
    }
    downloadFile(messagesFileName(), messagesCsv(all), CSV_MIME);
    await logExport('messages', filters, all.length);
    notify.success('Données exportées avec succès');
  } catch (e) {
    console.error('Messages export failed', e);
    notify.error("Erreur lors de l'exportation des données");
  }
}

/**
 * "Messages": the contact messages visitors sent, newest first, unhandled ones in bold (their
 * count is the sidebar's badge). Open one to read it and reply (e-mail, WhatsApp when it gives a
 * number); admins mark it handled and export the list.
 */
export default function MessagesPage() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED);
  const { filters } = query;
  const list = useQuery(messagesListQuery(filters, query.page, query.pageSize));
  const canWrite = useCanWrite();
  const setHandled = useSetMessageHandled();
  const [openId, setOpenId] = useState<string | null>(null);
  const total = list.data?.total ?? 0;

  const rowIds = (list.data?.rows ?? []).map((m) => m.id);
  const onSetHandled = (id: string, name: string, handled: boolean) =>
    setHandled.mutate(
      { id, handled },
      {
        onSuccess: () => {
          notify.success(
            handled
              ? `Message de ${name} marqué comme traité`
              : `Message de ${name} marqué comme non traité`,
          );
          // In a list of unhandled messages the row leaves with its button (issue 27): the focus
          // goes to the next message's same button, or the one before, or the page's heading.
          const label = handled ? 'Marquer comme traité' : 'Marquer comme non traité';
          requestAnimationFrame(() => refocusInList(rowsAround(rowIds, id), label));
        },
        onError: (e) => notify.error(e.message),
      },
    );

  return (
    <ListPage
      title="Messages"
      noun={['message', 'messages']}
      actions={
        canWrite && <ExportButton onExport={() => exportMessages(filters)} disabled={total === 0} />
      }
      query={query}
      search={{ label: 'Rechercher des messages', hint: 'Nom, e-mail, sujet ou texte' }}
      selects={[
        { key: 'state', label: 'État', allLabel: 'Tous les messages', options: STATE_OPTIONS },
      ]}
      list={list}
      loadingText="Chargement des messages…"
      emptyText={{
        filtered: 'Aucun message ne correspond à votre recherche',
        none: 'Aucun message pour le moment',
      }}
      table={{
        caption: 'Messages reçus, du plus récent au plus ancien',
        regionLabel: 'Tableau des messages',
        columns: ['Reçu le', 'De', 'Sujet', 'État', 'Actions'],
      }}
      pagerLabel="Pagination des messages"
      cards={(list.data?.rows ?? []).map((m) => (
        <MessageCard
          key={m.id}
          message={m}
          open={openId === m.id}
          onToggle={() => setOpenId((id) => (id === m.id ? null : m.id))}
          canWrite={canWrite}
          busy={setHandled.isPending && setHandled.variables?.id === m.id}
          onSetHandled={(handled) => onSetHandled(m.id, m.name, handled)}
        />
      ))}
    >
      {(list.data?.rows ?? []).map((m) => (
        <MessageRow
          key={m.id}
          message={m}
          open={openId === m.id}
          onToggle={() => setOpenId((id) => (id === m.id ? null : m.id))}
          canWrite={canWrite}
          busy={setHandled.isPending && setHandled.variables?.id === m.id}
          onSetHandled={(handled) => onSetHandled(m.id, m.name, handled)}
        />
      ))}
    </ListPage>
  );
}
