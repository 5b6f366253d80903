import { useState } from 'react';
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
};

const performersText = (n: number) => (n > 1 ? `${n} candidats` : '1 candidat');
const judgeText = (m: MissingScores) =>
  m.judgeEmail ? `${m.judgeLabel} (${m.judgeEmail})` : m.judgeLabel;

/**
 * The lead judge's (and an admin's) lock: once every judge has scored every present performer,
 * or forced, saying who is missing. The database then refuses any change.
 */
export function LockPanel({ session, online, lock }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [offerForce, setOfferForce] = useState(false);
  const missing = session.missing ?? [];

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
      setOfferForce(false);
    } catch (error) {
      const missingScores =
        error instanceof DataError && error.reason === JURY_REFUSALS.scoresMissing;
      setOfferForce(missingScores);
      setFailure(toDataError(error, LOCK_ERROR).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="jury-lock-title"
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="jury-lock-title" className="text-lg font-bold text-gray-900">
        Verrouiller la session
      </h2>
      <p className="text-gray-800">
        Une fois verrouillée, plus aucune note ne peut changer et chaque juré voit les notes des
        autres.
      </p>
      {missing.length > 0 ? (
        <div>
          <p className="font-semibold text-gray-900">Notes manquantes :</p>
          <ul className="mt-1 list-disc pl-6 text-gray-900">
            {missing.map((m) => (
              <li key={m.judgeLabel}>
                {judgeText(m)} : {performersText(m.performers)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-gray-800">Tous les jurés ont noté tous les candidats présents.</p>
      )}
      <FormAlert message={failure} />
      {!online && <p className="text-gray-800">Le verrouillage demande le réseau.</p>}
      <div className="flex flex-wrap gap-3">
        <Button
          size="lg"
          busy={busy && !offerForce}
          busyLabel="Verrouillage…"
          disabled={!online || busy}
          onClick={() => void run(false)}
        >
          Verrouiller la session
        </Button>
        {offerForce && (
          <Button
            variant="danger"
            size="lg"
            busy={busy}
            busyLabel="Verrouillage…"
            disabled={!online}
            onClick={() => void run(true)}
          >
            Verrouiller quand même
          </Button>
        )}
      </div>
    </section>
  );
}
