import { isUuid } from '@/lib/uuid';
import { REGIONS } from '@/config/edition';
import { CATEGORIES } from '@/lib/participant-rules';
import {
  EMPTY_REGISTRATION,
  type RegistrationFormValues,
  type TeamMemberValues,
} from './registration-schema';

/**
 * The registration being filled, kept in sessionStorage until it succeeds: a reload or a failed
 * submission loses nothing, and the registration id generated once per filled form makes a retry
 * after a lost response idempotent (register_participant answers the same id).
 */
export const DRAFT_KEY = 'booster-registration-draft';

export type RegistrationDraft = { id: string; values: RegistrationFormValues };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A random v4 UUID; crypto.randomUUID only exists on secure origins, getRandomValues everywhere. */
export function newRegistrationId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

function toMember(v: unknown): TeamMemberValues | null {
  if (typeof v !== 'object' || v === null) return null;
  const m = v as Record<string, unknown>;
  return { fullName: str(m.fullName, ''), phone: str(m.phone, ''), email: str(m.email, '') };
}

/** Stored JSON -> form values; anything unexpected falls back to the empty form's value. */
function toDraftValues(raw: unknown): RegistrationFormValues {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const e = EMPTY_REGISTRATION;
  const pick = <T extends string>(
    value: unknown,
    allowed: readonly T[],
    fallback: T | '',
  ): T | '' => allowed.find((a) => a === value) ?? fallback;
  return {
    category: pick(v.category, CATEGORIES, e.category),
    participationType: pick(v.participationType, ['solo', 'team'], e.participationType),
    fullName: str(v.fullName, e.fullName),
    email: str(v.email, e.email),
    phone: str(v.phone, e.phone),
    city: str(v.city, e.city),
    region: pick(v.region, REGIONS, e.region),
    teamName: str(v.teamName, e.teamName),
    teamMembers: Array.isArray(v.teamMembers)
      ? v.teamMembers.map(toMember).filter((m): m is TeamMemberValues => m !== null)
      : [],
    linkToWork: str(v.linkToWork, e.linkToWork),
    description: str(v.description, e.description),
    agreeToTerms: v.agreeToTerms === true,
  };
}

/** The stored draft, or a new one (fresh id, empty form) when there is none or it is unreadable. */
export function loadDraft(storage: StorageLike | null = defaultStorage()): RegistrationDraft {
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as { id?: unknown; values?: unknown };
      if (isUuid(parsed.id)) return { id: parsed.id, values: toDraftValues(parsed.values) };
    }
  } catch {
    // unreadable draft: start again
  }
  return { id: newRegistrationId(), values: { ...EMPTY_REGISTRATION, teamMembers: [] } };
}

export function saveDraft(
  draft: RegistrationDraft,
  storage: StorageLike | null = defaultStorage(),
) {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the form still works, only the reload safety net is lost
  }
}

export function clearDraft(storage: StorageLike | null = defaultStorage()) {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // nothing to clear
  }
}
