import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/Button';
import { PassActions } from './PassActions';
import { PassView } from './PassView';
import { recoverPassPath } from '../recover-pass-id';
import type { usePass } from './use-pass';
import * as paths from '@/config/route-paths';

/** A dead end's two ways out: the one that fits it as a button, the other as a link. */
function WaysOut({ first, then }: { first: [string, string]; then: [string, string] }) {
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
      <Link to={first[0]} className={buttonClass({ size: 'lg' })}>
        {first[1]}
      </Link>
      <Link
        to={then[0]}
        className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline"
      >
        {then[1]}
      </Link>
    </div>
  );
}

/**
 * A pass read by its code (usePass), with its actions, or why it cannot be shown; the pass page
 * and the reservation's success page both show it.
 */
export function PassPanel({
  load,
  reload,
  setPass,
  children,
}: ReturnType<typeof usePass> & {
  /** Shown above the pass (the pass page's public vote, while a round is open). */
  children?: ReactNode;
}) {
  if (load.status === 'loading')
    return (
      <p role="status" className="min-h-[40rem] text-gray-700">
        Chargement du pass…
      </p>
    );
  if (load.status === 'failed')
    return (
      <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
        <p>{load.message}</p>
        <Button variant="secondary" className="mt-3" onClick={reload}>
          Réessayer
        </Button>
      </div>
    );
  if (load.status === 'unknown')
    return (
      <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h2 className="text-xl font-bold">Pass inconnu</h2>
        <p className="mt-2 text-gray-800">
          Aucun pass ne correspond à ce lien. Vérifiez l’adresse reçue, ou réservez votre place.
        </p>
        <WaysOut
          first={[recoverPassPath, 'Retrouver mon pass']}
          then={[paths.nightParty, 'Réserver ma place']}
        />
      </div>
    );
  const { pass } = load;
  if (pass.state === 'cancelled')
    return (
      <div className="space-y-6">
        <section
          aria-labelledby="pass-annule"
          className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
        >
          <h2 id="pass-annule" className="text-xl font-bold">
            Réservation annulée
          </h2>
          <p className="mt-2 text-gray-800">
            Ce pass n’ouvre plus l’entrée. Pour venir quand même, réservez une nouvelle place, ou
            retrouvez un autre pass réservé à votre numéro.
          </p>
          <WaysOut
            first={[paths.nightParty, 'Réserver une nouvelle place']}
            then={[recoverPassPath, 'Retrouver mon pass']}
          />
        </section>
        <PassView pass={pass} />
      </div>
    );
  return (
    <div className="space-y-6">
      {children}
      <PassView pass={pass} />
      <PassActions pass={pass} onChange={setPass} />
    </div>
  );
}
