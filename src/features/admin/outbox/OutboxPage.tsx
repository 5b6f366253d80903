import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { refocusInList, rowsAround } from '@/lib/refocus-in-list';
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATES,
  OUTBOX_TEMPLATES,
  type OutboxFilters,
  type OutboxMessage,
} from '@/data/outbox/types';
import { outboxListQuery } from '@/data/outbox/queries';
import { useResendOutboxMessage } from '@/data/outbox/mutations';
import { AdminsOnly } from '../workspace/AdminsOnly';
import { labelOptions } from '../ui/FilterForm';
import { ListPage } from '../ui/ListPage';
import { useListQuery } from '../ui/use-list-query';
import { CHANNEL_LABELS, STATE_LABELS, TEMPLATE_LABELS } from './outbox-labels';
import { OutboxBudgets } from './OutboxBudgets';
import { OutboxCounts } from './OutboxCounts';
import { OutboxCard, OutboxRow, shownRecipient } from './OutboxRow';
import { ReminderAction } from './ReminderAction';

const EMPTY_FILTERS: Required<OutboxFilters> & { search: string } = {
  search: '',
  state: '',
  channel: '',
  template: '',
};
const ALLOWED = { state: OUTBOX_STATES, channel: OUTBOX_CHANNELS, template: OUTBOX_TEMPLATES };

/**
 * "Envois" (admins only): the messages the site sends by itself from the database's outbox
 * (reminders, waitlist offers, registration confirmations, convocations, recovered passes), newest
 * first, filtered in the URL by state, channel and message; each one's text as sent (locally, as
 * the sink recorded it), and "Renvoyer" on a failed one. "Envoyer le rappel" sends the concert's
 * reminder to every confirmed pass after a preview.
 */
export default function OutboxPage() {
  return (
    <AdminsOnly title="Envois" what="La page des envois">
      <Outbox />
    </AdminsOnly>
  );
}

function Outbox() {
  const query = useListQuery(EMPTY_FILTERS, ALLOWED);
  const { state, channel, template } = query.filters;
  const filters: OutboxFilters = { state, channel, template };
  const list = useQuery(outboxListQuery(filters, query.page, query.pageSize));
  const resend = useResendOutboxMessage();
  const [openId, setOpenId] = useState<string | null>(null);

  const rows = list.data?.rows ?? [];
  const onResend = (id: string, recipient: string) =>
    resend.mutate(id, {
      onSuccess: () => {
        notify.success(`Message à ${recipient} remis en file d’envoi`);
        // "Renvoyer" leaves with the failed state: the focus goes to the same message's "Voir".
        const ids = rows.map((m) => m.id);
        requestAnimationFrame(() => refocusInList(rowsAround(ids, id), 'Voir'));
      },
      onError: (e) => notify.error(e.message),
    });

  const rowProps = (m: OutboxMessage) => ({
    message: m,
    open: openId === m.id,
    onToggle: () => setOpenId((id) => (id === m.id ? null : m.id)),
    busy: resend.isPending && resend.variables === m.id,
    onResend: () => onResend(m.id, shownRecipient(m)),
  });

  return (
    <ListPage
      title="Envois"
      noun={['message', 'messages']}
      actions={<ReminderAction />}
      intro={
        <>
          <p className="text-gray-700">
            Les SMS, messages WhatsApp et e-mails que le site envoie lui-même : rappels du concert,
            places libérées, confirmations d’inscription, convocations et pass retrouvés. Un message
            en échec est réessayé plusieurs fois avant d’être marqué « {STATE_LABELS.failed} ».
          </p>
          <OutboxBudgets />
          {list.data && <OutboxCounts counts={list.data.counts} />}
        </>
      }
      query={query}
      search={{ label: 'Filtrer les envois' }}
      selects={[
        {
          key: 'state',
          label: 'État',
          allLabel: 'Tous les états',
          options: labelOptions(STATE_LABELS),
        },
        {
          key: 'channel',
          label: 'Canal',
          allLabel: 'Tous les canaux',
          options: labelOptions(CHANNEL_LABELS),
        },
        {
          key: 'template',
          label: 'Message',
          allLabel: 'Tous les messages',
          options: labelOptions(TEMPLATE_LABELS),
        },
      ]}
      list={list}
      loadingText="Chargement des envois…"
      emptyText={{
        filtered: 'Aucun envoi ne correspond à ces filtres',
        none: 'Aucun message envoyé pour le moment',
      }}
      table={{
        caption: 'Messages envoyés ou à envoyer, du plus récent au plus ancien',
        regionLabel: 'Tableau des envois',
        columns: ['Mis en file le', 'Destinataire', 'Canal', 'Message', 'État', 'Actions'],
      }}
      pagerLabel="Pagination des envois"
      cards={rows.map((m) => (
        <OutboxCard key={m.id} {...rowProps(m)} />
      ))}
    >
      {rows.map((m) => (
        <OutboxRow key={m.id} {...rowProps(m)} />
      ))}
    </ListPage>
  );
}
