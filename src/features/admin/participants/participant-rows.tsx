import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatEventDateTime } from '@/lib/dates';
import { registrationReference } from '@/lib/registration-reference';
import { CATEGORY_LABELS, PARTICIPATION_TYPE_LABELS } from '@/config/edition';
import type { Participant } from '@/data/participants/types';
import { Button, buttonClass } from '@/components/ui/Button';
import { Fact, ListCard } from '../ui/ListCards';
import { PhoneLinks } from '../ui/PhoneLinks';
import { fromListState } from './list-location';
import { PipelineFacts, slotText } from './use-pipeline-list';
import { StatusBadge } from './StatusBadge';
import { statusOf } from './status-labels';
import { participantPath } from '@/config/route-paths';

type RowProps = {
  participant: Participant;
  /** Null for a reader (lecteur): no deletion. */
  onDelete: ((p: Participant) => void) | null;
  /** The pipeline's checkbox (admins). */
  select?: ReactNode;
};

/**
 * A compact cell: at most two short lines, so that a row stays under 50 px and a laptop's first
 * screen shows at least eight participants (issue 40). What a line cannot hold is cut with "…"
 * and given whole in its title; the participant's page shows all of it.
 */
const rowCell = 'px-2.5 py-0.5 align-middle text-sm text-gray-800';
/** A cell's second line, smaller and on one line. */
const second = 'block truncate text-xs text-gray-700';

/** "Voir" and "Supprimer", each naming the participant (table row and card alike). */
function RowActions({ participant: p, onDelete, small }: RowProps & { small?: boolean }) {
  const { search } = useLocation();
  const size = small ? 'sm' : 'md';
  return (
    <>
      <Link
        to={participantPath(p.id)}
        state={fromListState(search)}
        className={buttonClass({ variant: 'secondary', size })}
        aria-label={`Voir ${p.fullName}`}
      >
        Voir
      </Link>
      {onDelete && (
        <Button
          variant="dangerOutline"
          size={size}
          aria-label={`Supprimer ${p.fullName}`}
          onClick={() => onDelete(p)}
        >
          Supprimer
        </Button>
      )}
    </>
  );
}

const teamOf = (p: Participant) => (p.participationType === 'team' ? p.teamName : '');

/** The audition slot without its weekday ("Douala, 8 décembre à 11 h"), whole in its title. */
const shortSlot = (slot: string) => slot.replace(/^([^,]+), \S+ /, '$1, ');

/**
 * A table row: name over reference and category (and team), phone over e-mail, date over time,
 * status over slot, so that the row fits a laptop's width as well as its height.
 */
export function ParticipantRow({ participant: p, onDelete, select }: RowProps) {
  const team = teamOf(p);
  const kind = team ? `Équipe\u00a0: ${team}` : PARTICIPATION_TYPE_LABELS[p.participationType];
  const head = `${registrationReference(p.id)} · ${CATEGORY_LABELS[p.category]} · `;
  // "28/11/2026 21 h 36": one space between the date and the time, no-break ones inside the time
  // (formatEventDateTime).
  const [day, time] = formatEventDateTime(p.createdAt).split(' ');
  const slot = slotText(p);
  return (
    <tr>
      {select}
      <td className={rowCell}>
        <span className="block max-w-36 truncate font-medium text-gray-900" title={p.fullName}>
          {p.fullName}
        </span>
        <span className={`${second} max-w-36`} title={head + kind}>
          {head}
          {/* Its own element: "Équipe : …" reads (and is found) as one piece. */}
          <span>{kind}</span>
        </span>
      </td>
      <td className={rowCell}>
        <PhoneLinks phone={p.phone} name={p.fullName} />
        <span className={`${second} max-w-44`} title={p.email}>
          {p.email}
        </span>
      </td>
      <td className={`${rowCell} whitespace-nowrap`}>{p.region}</td>
      <td className={`${rowCell} whitespace-nowrap`}>
        {day}
        <span className={second}>{time}</span>
      </td>
      <td className={rowCell}>
        <StatusBadge status={statusOf(p)} />
        {slot && (
          <span className={`${second} max-w-40`} title={slot}>
            {shortSlot(slot)}
          </span>
        )}
      </td>
      <td className={rowCell}>
        <div className="flex gap-1.5">
          <RowActions participant={p} onDelete={onDelete} small />
        </div>
      </td>
    </tr>
  );
}

/** The same participant on a phone, every fact on its own line. */
export function ParticipantCard({ participant: p, onDelete, select }: RowProps) {
  const actions = (
    <>
      {select}
      <RowActions participant={p} onDelete={onDelete} />
    </>
  );
  return (
    <ListCard title={p.fullName} actions={actions}>
      <PipelineFacts participant={p} />
      <Fact term="Équipe">{teamOf(p)}</Fact>
      <Fact term="Téléphone">
        <PhoneLinks phone={p.phone} name={p.fullName} />
      </Fact>
      <Fact term="E-mail">
        <span className="break-all">{p.email}</span>
      </Fact>
      <Fact term="Catégorie">
        {CATEGORY_LABELS[p.category]} · {PARTICIPATION_TYPE_LABELS[p.participationType]}
      </Fact>
      <Fact term="Région">{p.region}</Fact>
      <Fact term="Inscrit le">{formatEventDateTime(p.createdAt)}</Fact>
    </ListCard>
  );
}
