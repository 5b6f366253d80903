import { useEffect, useState } from 'react';
import { AppLink } from '@/lib/app-link';
import {
  useSharedEditionInfo,
  useSharedRegistrationStatus,
} from '@/components/contact/site-status';
import { afterFirstPaint } from '@/lib/after-first-paint';
import type { EditionInfo } from '@/data/edition/edition-info';
import * as paths from '@/config/route-paths';

/*
 * The home page's live facts, from the organisers' settings (registration_status, edition_info):
 * whether one can register, and the Night Party's date, places, waitlist or "passé". Until they
 * answer (and in the prerendered page) the calls to action are the usual ones and the lines that
 * will hold the answer keep their height, so nothing moves when it arrives; if they cannot answer,
 * the calls to action stay (the database decides on submission) and no date is shown.
 * The sentences come with their own small chunk (./home-facts.ts), after the first paint.
 */
type Facts = typeof import('./home-facts');
let factsModule: Promise<Facts> | undefined;

function useFacts(): Facts | undefined {
  const [facts, setFacts] = useState<Facts>();
  useEffect(
    () =>
      afterFirstPaint(() => {
        // Offline: the lines stay empty, the calls to action are there.
        (factsModule ??= import('./home-facts')).then(setFacts, () => undefined);
      }),
    [],
  );
  return facts;
}

/** True while the answer is unknown: the call to action stays until the database says no. */
export function useRegistrationOpen() {
  const status = useSharedRegistrationStatus();
  return { status, open: !status || status.reason === 'open' };
}

type Props = { className: string };

/**
 * "Je m'inscris au challenge" while one can register (or before the answer); otherwise the rules
 * (not open yet: time to prepare) or the Night Party (closed, complet).
 */
export function RegistrationCta({ className }: Props) {
  const { status, open } = useRegistrationOpen();
  const [to, label] = open
    ? [paths.registration, 'Je m’inscris au challenge']
    : status?.reason === 'not_open'
      ? [paths.rules, 'Lire le règlement']
      : [paths.nightParty, 'Découvrir la Night Party'];
  return (
    <AppLink to={to} className={className}>
      {label}
    </AppLink>
  );
}

/** The registration's state under the hero's buttons (its height kept while unknown). */
export function RegistrationNote({ className }: Props) {
  const { status } = useRegistrationOpen();
  const facts = useFacts();
  return <p className={className}>{status && facts?.registrationNote(status)}</p>;
}

/**
 * The concert's date, time and venue: the settings' only (docs/decisions/024-one-edition-one-source.md);
 * if they cannot answer, the line stays empty and the Night Party's page says why.
 */
export function ConcertWhen({ className }: Props) {
  const info = useSharedEditionInfo();
  const facts = useFacts();
  return <p className={className}>{info && facts?.concertWhen(info)}</p>;
}

/** Places left, waitlist, not open yet, closed or passé (its height kept while unknown). */
export function ConcertNote({ className }: Props) {
  const info = useSharedEditionInfo();
  const facts = useFacts();
  const note = info && facts?.concertNote(info);
  return (
    <p className={className}>
      {note && (
        <>
          <span className="mr-2 inline-block rounded-full bg-yellow-400 px-2.5 py-0.5 text-sm font-bold text-gray-950">
            {note.badge}
          </span>
          {note.text}
        </>
      )}
    </p>
  );
}

const concertCtaLabel = (info: EditionInfo | null | undefined) =>
  info && info.reservationState !== 'open'
    ? 'Découvrir la Night Party'
    : info?.waitlistOpen
      ? 'M’inscrire sur la liste d’attente'
      : 'Réserver ma place';

/**
 * The next event, at the top of the hero, in a phone's first screen (issue 40; the concert's own
 * section is two screens further): the Night Party while it is ahead, its day and hour and what
 * to do. Its room is kept while the settings load (and when the concert is past: the hero's
 * registration line is then the next event), so nothing moves when it arrives.
 */
export function NextEvent({ className }: Props) {
  const info = useSharedEditionInfo();
  const facts = useFacts();
  const when = info && info.reservationState !== 'past' && facts?.concertStart(info);
  return (
    <div className={className}>
      {when && (
        <AppLink
          to={paths.nightParty}
          className="inline-block max-w-full rounded-lg border border-white/70 px-3 py-2 text-sm hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <strong className="text-yellow-400">Booster Night Party</strong> · <span>{when}</span> ·{' '}
          <span className="font-semibold underline">{concertCtaLabel(info)}</span>
        </AppLink>
      )}
    </div>
  );
}

/** "Réserver ma place" (or the waitlist) while reservations are open or unknown; else the page. */
export function ConcertCta({ className }: Props) {
  const label = concertCtaLabel(useSharedEditionInfo());
  return (
    <AppLink to={paths.nightParty} className={className}>
      {label}
    </AppLink>
  );
}
