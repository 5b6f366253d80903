import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { PassActions } from './PassActions';
import { PassView } from './PassView';
import type { usePass } from './use-pass';
import * as paths from '@/config/route-paths';

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
        <Link
          to={paths.nightParty}
          className="mt-4 inline-block font-semibold text-blue-800 underline"
        >
          Réserver ma place
        </Link>
      </div>
    );
  const { pass } = load;
  return (
    <div className="space-y-6">
      {children}
      <PassView pass={pass} />
      <PassActions pass={pass} onChange={setPass} />
    </div>
  );
}
