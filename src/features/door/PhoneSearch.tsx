import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { formatEventTime } from '@/lib/dates';
import { toDataError } from '@/lib/errors';
import { isOffline } from '@/lib/use-online';
import { phoneDigitsOf } from './door-input';
import type { PhoneMatch } from '@/data/door/door-sync';
import { matchesFromList, type LocalList } from './list/door-list';

const PHONE_INVALID = 'Entrez les 9 chiffres du numéro, ex. 677 12 34 56.';
const OFFLINE_INVALID =
  'Hors ligne : entrez les 9 chiffres du numéro, vérifiés au retour du réseau.';
const SEARCH_FAILED = 'La recherche n’a pas abouti. Réessayez.';

type Props = {
  busy: boolean;
  list: LocalList | null;
  /** door_phone_search (online, the 9 digits). */
  search: (phone: string) => Promise<PhoneMatch[]>;
  /** "Valider l’entrée" on a match: `typed` is what the steward typed. */
  onConfirm: (match: PhoneMatch, typed: string) => void;
  /** The database's refusals (session lost, door closed, too many look-ups). */
  onRefused: (error: unknown, typed: string) => void;
};

/** Where the matches come from: the database, or the list on the phone (by the last four). */
type Found = { typed: string; matches: PhoneMatch[]; from: 'database' | 'offline' };

const nameOf = (m: PhoneMatch) =>
  m.lastInitial ? `${m.firstName ?? ''} ${m.lastInitial}.` : (m.firstName ?? '');

/** The state of a match in words, before it is confirmed. */
function stateOf(m: PhoneMatch): string {
  if (m.state === 'cancelled') return 'Annulé';
  if (m.state === 'waitlisted')
    return m.position ? `Liste d’attente — n° ${m.position}` : 'Liste d’attente';
  if (m.checkedInAt) {
    const where = m.byHand ? 'à la main' : m.door;
    return `Déjà entré à ${formatEventTime(m.checkedInAt)}${where ? ` (${where})` : ''}`;
  }
  return 'Place confirmée';
}

/**
 * The phone search for a lost pass (issue 31, item 6): by the 9 digits, online in the database,
 * offline by their last four against the door list (the 9 digits go with the entry, checked by
 * the database: docs/decisions/036-door-admits-what-it-scanned.md). It shows who each reservation is (first name, initial, masked
 * phone) and checks in only on "Valider l’entrée".
 */
export function PhoneSearch({ busy, list, search, onConfirm, onRefused }: Props) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (found) resultsRef.current?.focus();
  }, [found]);

  const fromList = (digits: string): Found | null => {
    if (!list || digits.length < 4) return null;
    return { typed: digits, matches: matchesFromList(list, digits.slice(-4)), from: 'offline' };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const nine = phoneDigitsOf(phone);
    setFound(null);
    // The 9 digits always: an entry confirmed offline travels with them, and the database takes
    // it only if they are the pass's (docs/decisions/036-door-admits-what-it-scanned.md). No
    // network: the list on the phone, by their last four.
    const local = nine && isOffline() ? fromList(nine) : null;
    if (!nine || (isOffline() && !local)) {
      setError(!nine && isOffline() ? OFFLINE_INVALID : !nine ? PHONE_INVALID : SEARCH_FAILED);
      return document.getElementById('door-phone')?.focus();
    }
    if (local) return setFound(local);
    setError(undefined);
    setSearching(true);
    try {
      setFound({ typed: nine, matches: await search(nine), from: 'database' });
    } catch (err) {
      const failure = toDataError(err, SEARCH_FAILED);
      const local = failure.kind === 'network' ? fromList(nine) : null;
      if (local) setFound(local);
      else if (failure.kind === 'network') setError(SEARCH_FAILED);
      else onRefused(err, nine);
    } finally {
      setSearching(false);
    }
  };

  const confirm = (m: PhoneMatch) => {
    const typed = found?.typed ?? '';
    setFound(null);
    setPhone('');
    onConfirm(m, typed);
  };

  return (
    <div className="space-y-3">
      <form onSubmit={submit} noValidate aria-label="Chercher par téléphone" className="space-y-3">
        <Field
          label="Téléphone du titulaire"
          error={error}
          hint="9 chiffres, pass perdu (ou les 4 derniers, cherchés dans la liste du téléphone)."
        >
          <input
            id="door-phone"
            type="tel"
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            className="text-xl"
          />
        </Field>
        <Button
          type="submit"
          variant="secondary"
          size="block"
          busy={searching || busy}
          busyLabel="Recherche…"
        >
          Chercher par téléphone
        </Button>
      </form>
      {found && (
        <section aria-labelledby="door-matches-title" className="rounded-xl bg-white p-4 shadow-sm">
          <h2
            id="door-matches-title"
            ref={resultsRef}
            tabIndex={-1}
            className="text-base font-bold text-gray-900 outline-none"
          >
            {found.matches.length === 0
              ? 'Aucune réservation à ce numéro'
              : found.matches.length === 1
                ? '1 réservation trouvée'
                : `${found.matches.length} réservations trouvées`}
            {found.from === 'offline' && ' (hors ligne, 4 derniers chiffres)'}
          </h2>
          <ul className="mt-2 divide-y divide-gray-200">
            {found.matches.map((m) => (
              <li key={m.ref} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div id={`match-${m.ref}`} className="min-w-0 text-gray-900">
                  <p className="text-lg font-bold">{nameOf(m)}</p>
                  <p>Téléphone {m.maskedPhone ?? '–'}</p>
                  <p className="text-sm text-gray-700">{stateOf(m)}</p>
                </div>
                <Button
                  variant="primary"
                  size="lg"
                  aria-describedby={`match-${m.ref}`}
                  busy={busy}
                  onClick={() => confirm(m)}
                >
                  Valider l’entrée
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" className="mt-2" onClick={() => setFound(null)}>
            Fermer la recherche
          </Button>
        </section>
      )}
    </div>
  );
}
