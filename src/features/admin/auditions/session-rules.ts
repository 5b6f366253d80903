import { auditionVenue } from '@/config/auditions';
import * as z from 'zod/mini';
import { cleanLine } from '@/lib/validation';
import {
  AUDITION_SESSION_CITIES,
  type AdminAuditionSession,
  type AuditionSessionCity,
  type SessionDraft,
} from '@/data/auditions/types';

/**
 * The session form's rules, the database's own (admin_save_audition_session checks them again):
 * one of the five audition cities, a day, a category, a venue of 2 to 200 characters, 1 to 12
 * judges, and a lead judge among them.
 */
export type SessionField = 'city' | 'heldOn' | 'category' | 'venue' | 'judges' | 'lead';
export type SessionErrors = Partial<Record<SessionField, string>>;

/** The database's field names (private.invalid) -> the form's. */
export const SESSION_FIELDS: Record<string, SessionField> = {
  city: 'city',
  held_on: 'heldOn',
  category: 'category',
  venue: 'venue',
  judges: 'judges',
  lead: 'lead',
};

export const SESSION_MESSAGES = {
  city: 'Choisissez la ville de l’audition.',
  heldOn: 'Indiquez le jour de l’audition.',
  venue: 'Indiquez l’adresse de l’audition (2 à 200 caractères).',
  judges: 'Choisissez de 1 à 12 jurés.',
  lead: 'Le juré principal doit faire partie des jurés de la session.',
} as const;

export const AUDITION_CITIES: readonly AuditionSessionCity[] = AUDITION_SESSION_CITIES;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string) =>
  DAY.test(value) &&
  !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const judgesCountOk = (judges: string[]) => judges.length >= 1 && judges.length <= 12;

/** The form's schema (react-hook-form's resolver, docs/decisions/012-form-validation-zod-mini.md). */
export const sessionSchema = z
  .object({
    id: z.optional(z.string()),
    city: z.custom<AuditionSessionCity>(
      (city) => AUDITION_CITIES.includes(city as AuditionSessionCity),
      SESSION_MESSAGES.city,
    ),
    heldOn: z.string().check(z.refine(isDay, SESSION_MESSAGES.heldOn)),
    category: z.custom<SessionDraft['category']>(),
    venue: z.string().check(
      z.refine((venue) => {
        const length = cleanLine(venue).length;
        return length >= 2 && length <= 200;
      }, SESSION_MESSAGES.venue),
    ),
    judges: z.array(z.string()).check(z.refine(judgesCountOk, SESSION_MESSAGES.judges)),
    lead: z.string(),
  })
  .check(
    // The lead is judged once the judges are right (else the judges' message says it all).
    z.refine((d) => !judgesCountOk(d.judges) || d.judges.includes(d.lead), {
      message: SESSION_MESSAGES.lead,
      path: ['lead'],
    }),
  );

/** The first message of each field the schema refuses. */
export function validateSession(draft: SessionDraft): SessionErrors {
  const errors: SessionErrors = {};
  const result = sessionSchema.safeParse(draft);
  for (const issue of result.success ? [] : result.error.issues)
    errors[issue.path[0] as SessionField] ??= issue.message;
  return errors;
}

/** A new session: the first city, its venue, both categories, nobody yet. */
export function newSessionDraft(): SessionDraft {
  const city = AUDITION_CITIES[0];
  return { city, heldOn: '', category: 'both', venue: auditionVenue(city), judges: [], lead: '' };
}

export const draftOf = (s: AdminAuditionSession): SessionDraft => ({
  id: s.id,
  city: s.city,
  heldOn: s.heldOn,
  category: s.category,
  venue: s.venue,
  judges: s.judges.map((j) => j.userId),
  lead: s.judges.find((j) => j.isLead)?.userId ?? '',
});

/** The draft as sent: the venue's spaces cleaned. */
export const cleanDraft = (draft: SessionDraft): SessionDraft => ({
  ...draft,
  venue: cleanLine(draft.venue),
});
