import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/Button';
import type { Performer } from '@/data/auditions/types';
import type { DeviceCard } from './card-queue';

type Props = {
  performers: Performer[];
  cards: Map<string, DeviceCard>;
  online: boolean;
  /** Opens a performer's card (a missing note, or one to look at again). */
  onOpen: (participantId: string) => void;
};

const names = (list: Performer[]) => list.map((p) => p.name);

/**
 * After the last performer: the session is over for this judge, said in words, with what is
 * left to do (issue 40, item 4): the performers without a note of mine (each one a button to
 * score them), the notes still on this device waiting for the network, and those refused.
 */
export function EndOfSession({ performers, cards, online, onOpen }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const missing = performers.filter((p) => !cards.has(p.id));
  const pending = performers.filter((p) => cards.get(p.id)?.state === 'pending');
  const refused = performers.filter((p) => cards.get(p.id)?.state === 'refused');
  const done = performers.length - missing.length;
  const allSent = missing.length === 0 && pending.length === 0 && refused.length === 0;
  return (
    <section
      aria-labelledby="jury-end-title"
      className="space-y-4 rounded-xl border-2 border-brand-700 bg-white p-4 shadow-sm"
    >
      <h2
        id="jury-end-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold text-gray-900 outline-none"
      >
        Fin de la session
      </h2>
      <p className="text-lg text-gray-900">
        Vous avez noté {done} candidat{done > 1 ? 's' : ''} sur {performers.length}.
        {allSent && ' Toutes vos notes sont envoyées.'}
      </p>
      {missing.length > 0 && (
        <div>
          <h3 className="font-semibold text-gray-900">
            Sans note de votre part ({missing.length})
          </h3>
          <ul className="mt-2 space-y-2">
            {missing.map((p) => (
              <li key={p.id}>
                <Button variant="secondary" size="lg" onClick={() => onOpen(p.id)}>
                  Noter {p.name}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {pending.length > 0 && (
        <div>
          <h3 className="font-semibold text-amber-900">En attente d’envoi ({pending.length})</h3>
          <p className="text-gray-900">{names(pending).join(', ')}</p>
          <p className="text-gray-800">
            {online
              ? 'Elles partent dans quelques secondes.'
              : 'Hors ligne : elles partiront au retour du réseau. Gardez cette page ouverte.'}
          </p>
        </div>
      )}
      {refused.length > 0 && (
        <div>
          <h3 className="font-semibold text-red-800">Refusées ({refused.length})</h3>
          <p className="text-gray-900">{names(refused).join(', ')}</p>
        </div>
      )}
    </section>
  );
}
