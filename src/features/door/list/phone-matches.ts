import { maskedPhoneOf, passesByLast4, type DoorList, type ListState } from './door-list';

/** A reservation a phone search found: who it is, before "Valider l’entrée". */
export type PhoneMatch = {
  ref: string;
  firstName: string;
  lastInitial: string | null;
  maskedPhone: string | null;
  state: ListState;
  position: number | null;
  enteredAt: string | null;
  door: string | null;
};

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const STATE: Record<string, ListState> = {
  c: 'c',
  confirmed: 'c',
  w: 'w',
  waitlisted: 'w',
  x: 'x',
  cancelled: 'x',
};

/** door_phone_search's JSON → the matches (rows without a reference are left out). */
export function toPhoneMatches(json: unknown): PhoneMatch[] {
  const rows = ((json ?? {}) as Json).matches;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((r: Json) => {
    const ref = str(r?.ref);
    const state = STATE[String(r?.state)];
    if (!ref || !state) return [];
    return [
      {
        ref,
        firstName: str(r.first_name) ?? '',
        lastInitial: str(r.last_initial),
        maskedPhone: str(r.masked_phone),
        state,
        position: typeof r.position === 'number' ? r.position : null,
        enteredAt: str(r.checked_in_at) ?? str(r.entered_at),
        door: str(r.door),
      },
    ];
  });
}

/** Without the network: the passes of the list whose phone ends with these four digits. */
export function matchesFromList(list: DoorList, last4: string): PhoneMatch[] {
  return passesByLast4(list, last4).map((p) => ({
    ref: p.ref,
    firstName: p.firstName,
    lastInitial: p.lastInitial,
    maskedPhone: maskedPhoneOf(p.phoneLast4),
    state: p.state,
    position: p.position,
    enteredAt: p.enteredAt ?? list.own.get(p.ref)?.at ?? null,
    door: p.enteredAt ? p.enteredDoor : (list.own.get(p.ref)?.door ?? null),
  }));
}
