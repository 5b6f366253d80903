import { useEffect, useState } from 'react';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { QrCode } from '@/components/ui/QrCode';
import type { ScreenCandidate, ScreenState } from '@/data/vote/types';
import { formatShare, votersText } from '@/data/vote/labels';
import { formatCount } from '@/lib/numbers';
import { formatCountdown, useCountdownMark, useSecondsLeft } from '@/lib/countdown';

/**
 * The stage screen's four faces (idle, open, closed, revealed), for a projector at 1920×1080 read
 * from the back of the hall: sizes in viewport widths, white and yellow on the concert's night
 * blue, nothing personal (docs/decisions/030-public-vote.md).
 */

type Round = NonNullable<ScreenState['round']>;

// Sizes in viewport widths are inline styles: the /ecran chunk carries them, not the site's one
// stylesheet that every page loads (build/bundle-budget.ts).
const hero = 'leading-none font-black tracking-tight';
const heroSize = { fontSize: '5.5vw' };
const title = 'leading-tight font-extrabold';
const titleSize = { fontSize: '4vw' };

export function IdleFace() {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center text-center"
      style={{ gap: '3vw' }}
    >
      <Logo
        logo={NIGHT_PARTY_LOGO}
        alt="Booster Night Party"
        className="w-auto"
        style={{ height: '10vw' }}
      />
      <h1 className={`${hero} text-white`} style={heroSize}>
        Vote du public
      </h1>
      <p className="font-bold text-yellow-400" style={{ fontSize: '3.4vw' }}>
        Préparez votre pass
      </p>
    </div>
  );
}

function CandidateCard({ c }: { c: ScreenCandidate }) {
  return (
    <li
      className="flex min-w-0 items-center"
      style={{
        gap: '1.2vw',
        borderRadius: '1vw',
        paddingInline: '1.2vw',
        paddingBlock: '0.8vw',
        background: 'rgb(255 255 255 / 0.1)',
      }}
    >
      <span
        aria-hidden="true"
        className="flex shrink-0 items-center justify-center rounded-full bg-accent-400 font-black text-gray-950"
        style={{ width: '4.4vw', height: '4.4vw', fontSize: '2.8vw' }}
      >
        {c.number}
      </span>
      <span className="min-w-0">
        <span className="sr-only">n° {c.number} —</span>{' '}
        <span className="block truncate leading-tight font-bold" style={{ fontSize: '2.4vw' }}>
          {c.name}
        </span>
        {c.line && (
          <span
            className="block truncate leading-tight text-blue-100"
            style={{ fontSize: '1.5vw' }}
          >
            {c.line}
          </span>
        )}
      </span>
    </li>
  );
}

export function OpenFace({
  round,
  offsetMs,
  voteUrl,
}: {
  round: Round;
  offsetMs: number;
  voteUrl: string;
}) {
  const left = useSecondsLeft(round.closesAt, offsetMs);
  const mark = useCountdownMark(left);
  const many = round.candidates.length > 6;
  return (
    <div className="grid flex-1" style={{ gap: '3vw', gridTemplateColumns: '1fr auto' }}>
      <section className="flex min-w-0 flex-col" style={{ gap: '1.5vw' }}>
        <h1 className={title} style={titleSize}>
          {round.title}
        </h1>
        <ol className={`grid ${many ? 'grid-cols-2' : 'grid-cols-1'}`} style={{ gap: '1vw' }}>
          {round.candidates.map((c) => (
            <CandidateCard key={c.number} c={c} />
          ))}
        </ol>
      </section>
      <aside
        className="flex flex-col items-center text-center"
        style={{ width: '26vw', gap: '1.2vw' }}
      >
        <p className="font-bold text-blue-100 uppercase" style={{ fontSize: '1.8vw' }}>
          Fin du vote dans
        </p>
        <p
          role="timer"
          className="leading-none font-black text-yellow-400 tabular-nums"
          style={{ fontSize: '8vw' }}
        >
          {left === null ? '—' : formatCountdown(left)}
        </p>
        <p aria-live="polite" className="sr-only">
          {mark}
        </p>
        <p className="font-bold tabular-nums" style={{ fontSize: '2.6vw' }}>
          {votersText(round.voters, formatCount)}
        </p>
        <figure className="mt-auto flex flex-col items-center" style={{ gap: '0.8vw' }}>
          <div className="overflow-hidden" style={{ width: '15vw', borderRadius: '0.6vw' }}>
            <QrCode text={voteUrl} label="QR code vers la page de vote" className="block w-full" />
          </div>
          <figcaption
            className="leading-tight font-extrabold text-yellow-400"
            style={{ fontSize: '2.2vw' }}
          >
            Votez depuis votre pass
          </figcaption>
        </figure>
      </aside>
    </div>
  );
}

export function ClosedFace({ round }: { round: Round }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center text-center"
      style={{ gap: '2.5vw' }}
    >
      <p className="font-bold text-blue-100" style={{ fontSize: '2.6vw' }}>
        {round.title}
      </p>
      <h1 className={`${hero} text-yellow-400`} style={heroSize}>
        Vote clos
      </h1>
      <p className="font-bold tabular-nums" style={{ fontSize: '3vw' }}>
        {votersText(round.voters, formatCount)}
      </p>
      <p className="text-blue-100" style={{ fontSize: '2.2vw' }}>
        Résultats dans un instant…
      </p>
    </div>
  );
}

/** The bars' order of rising: fewest votes first, the winner last. */
const risingOrder = (candidates: ScreenCandidate[]) =>
  [...candidates].sort((a, b) => (a.votes ?? 0) - (b.votes ?? 0) || b.number - a.number);

const STEP_S = 0.7;
/** The tallest bar (the most votes), in viewport heights. */
const BAR_VH = 40;

export function RevealedFace({ round }: { round: Round }) {
  // The bars start flat and rise after the first paint, one after the other (at once when the
  // system asks for less motion).
  const [risen, setRisen] = useState(false);
  const still =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  useEffect(() => {
    const timer = setTimeout(() => setRisen(true), 50);
    return () => clearTimeout(timer);
  }, []);
  const max = Math.max(1, ...round.candidates.map((c) => c.votes ?? 0));
  const rank = new Map(risingOrder(round.candidates).map((c, i) => [c.number, i]));
  const winner = round.candidates.find((c) => c.number === round.winner) ?? null;
  const winnerDelay = `${round.candidates.length * STEP_S + 0.6}s`;
  return (
    <div className="flex flex-1 flex-col" style={{ gap: '1.5vw' }}>
      <h1 className={title} style={titleSize}>
        {round.title}
      </h1>
      <ol
        className="flex flex-1 items-end justify-center"
        style={{ gap: '1.2vw' }}
        aria-label="Résultats"
      >
        {round.candidates.map((c) => {
          const isWinner = c.number === round.winner;
          const height = ((c.votes ?? 0) / max) * 100;
          return (
            <li
              key={c.number}
              className="flex min-w-0 flex-1 flex-col"
              style={{ maxWidth: '14vw' }}
            >
              <div className="flex flex-1 flex-col" style={{ justifyContent: 'flex-end' }}>
                <p className="text-center font-black tabular-nums" style={{ fontSize: '2vw' }}>
                  {formatShare(c.share)}
                  <span className="block font-semibold text-blue-100" style={{ fontSize: '1.3vw' }}>
                    {formatCount(c.votes ?? 0)} vote{(c.votes ?? 0) > 1 ? 's' : ''}
                  </span>
                </p>
                <div
                  aria-hidden="true"
                  className={isWinner ? 'bg-accent-400' : undefined}
                  style={{
                    background: isWinner ? undefined : 'var(--color-night-300)',
                    transition: still ? 'none' : 'height 0.7s ease-out',
                    marginTop: '0.5vw',
                    borderTopLeftRadius: '0.6vw',
                    borderTopRightRadius: '0.6vw',
                    // In viewport heights: the hall's screen has no other fixed height to share.
                    height: risen ? `${(Math.max(height, 1) * BAR_VH) / 100}vh` : '0vh',
                    transitionDelay: `${(rank.get(c.number) ?? 0) * STEP_S}s`,
                  }}
                />
              </div>
              <p
                className="text-center font-black text-yellow-400"
                style={{ marginTop: '0.6vw', fontSize: '2.2vw' }}
              >
                <span className="sr-only">n° </span>
                {c.number}
              </p>
              <p className="truncate text-center font-bold" style={{ fontSize: '1.5vw' }}>
                {c.name}
              </p>
            </li>
          );
        })}
      </ol>
      <p
        className="text-center leading-tight font-black text-yellow-400"
        style={{
          fontSize: '3.4vw',
          opacity: risen ? 1 : 0,
          transition: still ? 'none' : 'opacity 0.7s',
          transitionDelay: winnerDelay,
        }}
      >
        {winner
          ? `Vainqueur : n° ${winner.number} — ${winner.name}`
          : round.candidates.some((c) => (c.votes ?? 0) > 0)
            ? 'Égalité en tête'
            : 'Aucun vote'}
      </p>
    </div>
  );
}
