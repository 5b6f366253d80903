import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { JURY_REFUSALS, LOCK_ERROR } from '@/data/auditions/jury';
import type { JurySession, MissingScores } from '@/data/auditions/types';
import { DataError, toDataError } from '@/lib/errors';
import { formatEventTime } from '@/lib/dates';

type Props = {
  session: JurySession;
  online: boolean;
  lock: (force: boolean) => Promise<void>;
  /** Asks the database again who is missing, before the confirmation names them. */
  refresh: () => Promise<void>;
  /** The performers without a note of this judge's that the database has (none, or unsent). */
  unsentOfMine: string[];
};

const performersText = (n: number) => (n > 1 ? `${n} candidats` : '1 candidat');
const judgeText = (m: MissingScores) =>
  m.judgeEmail ? `${m.judgeLabel} (${m.judgeEmail})` : m.judgeLabel;

/** The missing notes, named: per judge (the database's count), and this judge's by name. */
function MissingList({ missing, mine }: { missing: MissingScores[]; mine: string[] }) {
  return (
    <div>
      <p className="font-semibold text-gray-900">Notes manquantes :</p>
      <ul className="mt-1 list-disc pl-6 text-gray-900">
        {missing.map((m) => (
          <li key={m.judgeLabel}>
            {judgeText(m)} : {performersText(m.performers)}
          </li>
        ))}
      </ul>
      {mine.length > 0 && <p className="mt-1 text-gray-900">Les vôtres : {mine.join(', ')}.</p>}
    </div>
  );
}

/**
 * The lead judge's (and an admin's) lock, apart from the scoring (issue 40, item 4): a section of
 * its own whose button only asks; the confirmation names the missing notes, and confirming with
 * notes missing forces the lock (the journal names who was missing). The database then refuses
 * any change.
 */
export function LockPanel({ session, online, lock, refresh, unsentOfMine }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [offerForce, setOfferForce] = useState(false);
  const confirm = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  const missing = session.missing ?? [];
  const incomplete = missing.length > 0 || unsentOfMine.length > 0;

  if (session.state === 'locked') {
    return (
      <section aria-labelledby="jury-lock-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="jury-lock-title" className="text-lg font-bold text-gray-900">
          Session verrouillée
        </h2>
        <p className="mt-1 text-gray-800">
          {session.lockedAt
            ? `Verrouillée à ${formatEventTime(session.lockedAt)} : les notes ne changent plus.`
            : 'Les notes ne changent plus.'}
        </p>
      </section>
    );
  }

  const run = async (force: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      await lock(force);
      setAsking(false);
      setOfferForce(false);
    } catch (error) {
      // Notes missing that this page did not know of yet: the database names them; forcing is
      // offered again, deliberately.
      setOfferForce(error instanceof DataError && error.reason === JURY_REFUSALS.scoresMissing);
      setFailure(toDataError(error, LOCK_ERROR).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="jury-lock-title"
      className="space-y-3 rounded-xl border-2 border-dashed border-gray-400 bg-gray-50 p-4"
    >
      <h2 id="jury-lock-title" className="text-lg font-bold text-gray-900">
        Verrouiller la session
      </h2>
      <p className="text-gray-800">
        Une fois verrouillée, plus aucune note ne peut changer et chaque juré voit les notes des
        autres. À faire une fois la session finie, par le juré principal.
      </p>
      {missing.length > 0 ? (
        <MissingList missing={missing} mine={[]} />
      ) : (
        <p className="text-gray-800">Tous les jurés ont noté tous les candidats présents.</p>
      )}
      {!online && <p className="text-gray-800">Le verrouillage demande le réseau.</p>}
      {!asking ? (
        <Button
          variant="dangerOutline"
          disabled={!online}
          busy={busy}
          busyLabel="Vérification des notes…"
          onClick={async () => {
            setFailure(null);
            setBusy(true);
            await refresh();
            setBusy(false);
            setAsking(true);
          }}
        >
          Verrouiller la session…
        </Button>
      ) : (
        <div
          ref={confirm}
          tabIndex={-1}
          role="group"
          aria-labelledby="jury-lock-confirm"
          className="space-y-3 rounded-lg border-2 border-red-700 bg-white p-4 outline-none"
        >
          <p id="jury-lock-confirm" className="text-lg font-bold text-gray-900">
            {incomplete
              ? 'Verrouiller la session sans toutes les notes ?'
              : 'Verrouiller la session ?'}
          </p>
          {incomplete && <MissingList missing={missing} mine={unsentOfMine} />}
          <p className="text-gray-800">
            {incomplete
              ? 'Ces notes ne pourront plus être données : le journal gardera qui manquait.'
              : 'Plus aucune note ne pourra changer.'}
          </p>
          <FormAlert message={failure} />
          <div className="flex flex-wrap gap-3">
            <Button
              variant="danger"
              busy={busy}
              busyLabel="Verrouillage…"
              disabled={!online}
              onClick={() => void run(incomplete || offerForce)}
            >
              {incomplete || offerForce ? 'Verrouiller sans ces notes' : 'Verrouiller'}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setAsking(false)}>
              Annuler
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
