import { normalisePhone } from '@/lib/phone';

export { passCodeOf, qrTokenOf } from '@/lib/pass-code';

/**
 * The 9 digits of a Cameroonian phone as people write it (+237 6 77 12 34 56), or null: the
 * public forms' own reading (normalisePhone), so a number typed at the door as the holder wrote
 * it when reserving is found.
 */
export function phoneDigitsOf(raw: string): string | null {
  const digits = normalisePhone(raw);
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** "ABCDE FGHJK": a code shown in two groups of five, as on the pass. */
export { groupedCode } from '@/lib/pass-code';

/** A random v4 UUID: crypto.randomUUID only exists on secure origins, getRandomValues everywhere. */
export function newScanId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const DOOR_KEY = 'booster-door-name';
const DOOR_MAX_LENGTH = 40;

/** The database's rule for a door's name (private.require_door), and its message. */
const DOOR_NAME = /^[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ '’.#°/()-]+$/;
const DOOR_NAME_HAS = /[0-9A-Za-zÀ-ÖØ-öø-ÿŒœ]/;

/** The door's name as the database stores it (spaces collapsed), or null when it is refused. */
function doorNameOf(raw: string): string | null {
  const name = raw.replace(/\s+/g, ' ').trim();
  return name.length <= DOOR_MAX_LENGTH && DOOR_NAME.test(name) && DOOR_NAME_HAS.test(name)
    ? name
    : null;
}

/**
 * The door this phone checks in at, chosen at sign-in among the declared doors
 * (docs/decisions/043-the-door-fits-the-hand.md); null until one is chosen: no silent default.
 */
export function readDoorName(): string | null {
  try {
    return doorNameOf(localStorage.getItem(DOOR_KEY) ?? '');
  } catch {
    return null;
  }
}

export function saveDoorName(door: string): void {
  try {
    localStorage.setItem(DOOR_KEY, door.trim());
  } catch {
    // Private browsing without storage: the name lasts as long as the page.
  }
}

/** At sign-out: the next steward on this phone chooses their door again. */
export function forgetDoorName(): void {
  try {
    localStorage.removeItem(DOOR_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
