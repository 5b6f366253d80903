import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { fieldRefusal } from '@/data/auditions/field-refusal';
import { unlockCard, UNLOCK_ERROR, type CardToUnlock } from '@/data/auditions/final-jury';
import type { JurySession } from '@/data/auditions/types';
import { formatEventTime } from '@/lib/dates';
import { toDataError } from '@/lib/errors';

type Props = {
  session: JurySession;
  online: boolean;
  refresh: () => Promise<void>;
};

/** One locked card: « Déverrouiller… » asks for the reason, tied to its field. */
function LockedCard({
  card,
  name,
  online,
  onDone,
}: {
  card: CardToUnlock;
  name: string;
  online: boolean;
  onDone: (message: string) => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const what = `${card.judge} pour ${name}`;

  const unlock = async () => {
    setBusy(true);
    setFailure(null);
    setReasonError(undefined);
    try {
      const until = await unlockCard(card.cardId, reason);
      await onDone(`Fiche de ${what} déverrouillée jusqu’à ${formatEventTime(until)}.`);
    } catch (error) {
      const refused = fieldRefusal(error);
      if (refused?.field === 'reason') setReasonError(refused.message);
      else setFailure(toDataError(error, UNLOCK_ERROR).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-2 py-3">
      <p className="text-gray-900">
        {what} — verrouillée à {formatEventTime(card.locksAt)}
      </p>
      {!asking ? (
        <Button variant="secondary" disabled={!online} onClick={() => setAsking(true)}>
          Déverrouiller la fiche de {what}…
        </Button>
      ) : (
        <form
          aria-label={`Déverrouiller la fiche de ${what}`}
          className="space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void unlock();
          }}
        >
          <Field
            label="Raison du déverrouillage"
            required
            error={reasonError}
            hint="Elle figure au journal et dans l’audit des résultats."
          >
            <input
              type="text"
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
            />
          </Field>
          <FormAlert message={failure} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy} busyLabel="Déverrouillage…" disabled={!online}>
              Déverrouiller 5 minutes
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              Annuler
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * A final's locked cards (locked 5 minutes after they are stored, docs/decisions/047-the-final.md)
 * for the lead judge and admins, without their marks: one is unlocked for 5 more minutes with a
 * reason, journaled and listed in the results' audit (jury_unlock_card).
 */
export function UnlockPanel({ session, online, refresh }: Props) {
  const [done, setDone] = useState<string | null>(null);
  if (session.state === 'locked' || !session.cardsToUnlock) return null;
  // Locked as the database read them (its clock, not the phone's): « Actualiser » reads again.
  const locked = session.cardsToUnlock.filter(
    (c) => Date.parse(c.locksAt) <= Date.parse(session.serverNow),
  );
  const names = new Map(session.performers.map((p) => [p.id, p.name]));
  return (
    <section
      aria-labelledby="jury-unlock-title"
      className="space-y-2 rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="jury-unlock-title" className="text-lg font-bold text-gray-900">
        Fiches verrouillées
      </h2>
      <p className="text-gray-800">
        Une fiche de finale se verrouille 5 minutes après son envoi. Pour corriger une erreur,
        déverrouillez-la avec une raison : son juré a 5 minutes de plus.
      </p>
      <p role="status" className="font-semibold text-gray-900">
        {done}
      </p>
      {locked.length === 0 ? (
        <p className="text-gray-800">Aucune fiche verrouillée pour le moment.</p>
      ) : (
        <ul className="divide-y divide-gray-200">
          {locked.map((c) => (
            <LockedCard
              key={c.cardId}
              card={c}
              name={names.get(c.participantId) ?? 'Candidat'}
              online={online}
              onDone={async (message) => {
                await refresh();
                setDone(message);
              }}
            />
          ))}
        </ul>
      )}
      <Button variant="secondary" disabled={!online} onClick={() => void refresh()}>
        Actualiser la liste
      </Button>
    </section>
  );
}
