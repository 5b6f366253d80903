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

const hero = 'text-[5.5vw] leading-none font-black tracking-tight';
const title = 'text-[4vw] leading-tight font-extrabold text-balance';

export function IdleFace() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-[3vw] text-center">
      <Logo logo={NIGHT_PARTY_LOGO} alt="Booster Night Party" className="h-[10vw] w-auto" />
      <h1 className={`${hero} text-white`}>Vote du public</h1>
      <p className="text-[3.4vw] font-bold text-accent-400">Préparez votre pass</p>
    </div>
  );
}

function CandidateCard({ c }: { c: ScreenCandidate }) {
  return (
    <li className="flex min-w-0 items-center gap-[1.2vw] rounded-[1vw] bg-white/10 px-[1.2vw] py-[0.8vw]">
      <span
        aria-hidden="true"
        className="flex size-[4.4vw] shrink-0 items-center justify-center rounded-full bg-accent-400 text-[2.8vw] font-black text-brand-950"
      >
        {c.number}
      </span>
      <span className="min-w-0">
        <span className="sr-only">n° {c.number} —</span>{' '}
        <span className="block truncate text-[2.4vw] leading-tight font-bold">{c.name}</span>
        {c.line && (
          <span className="block truncate text-[1.5vw] leading-tight text-blue-100">{c.line}</span>
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
    <div className="grid flex-1 grid-cols-[1fr_auto] gap-[3vw]">
      <section className="flex min-w-0 flex-col gap-[1.5vw]">
        <h1 className={title}>{round.title}</h1>
        <ol className={`grid gap-[1vw] ${many ? 'grid-cols-2' : 'grid-cols-1'}`}>
          {round.candidates.map((c) => (
            <CandidateCard key={c.number} c={c} />
          ))}
        </ol>
      </section>
      <aside className="flex w-[26vw] flex-col items-center gap-[1.2vw] text-center">
        <p className="text-[1.8vw] font-bold text-blue-100 uppercase">Fin du vote dans</p>
        <p role="timer" className="text-[8vw] leading-none font-black text-accent-400 tabular-nums">
          {left === null ? '—' : formatCountdown(left)}
        </p>
        <p aria-live="polite" className="sr-only">
          {mark}
        </p>
        <p className="text-[2.6vw] font-bold tabular-nums">
          {votersText(round.voters, formatCount)}
        </p>
        <figure className="mt-auto flex flex-col items-center gap-[0.8vw]">
          <QrCode
            text={voteUrl}
            label="QR code vers la page de vote"
            className="w-[15vw] rounded-[0.6vw]"
          />
          <figcaption className="text-[2.2vw] leading-tight font-extrabold text-accent-400">
            Votez depuis votre pass
          </figcaption>
        </figure>
      </aside>
    </div>
  );
}

export function ClosedFace({ round }: { round: Round }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-[2.5vw] text-center">
      <p className="text-[2.6vw] font-bold text-blue-100">{round.title}</p>
      <h1 className={`${hero} text-accent-400`}>Vote clos</h1>
      <p className="text-[3vw] font-bold tabular-nums">{votersText(round.voters, formatCount)}</p>
      <p className="text-[2.2vw] text-blue-100">Résultats dans un instant…</p>
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
  // The bars start flat and rise after the first paint, one after the other (none when the
  // visitor's system asks for less motion: motion-reduce).
  const [risen, setRisen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRisen(true), 50);
    return () => clearTimeout(timer);
  }, []);
  const max = Math.max(1, ...round.candidates.map((c) => c.votes ?? 0));
  const rank = new Map(risingOrder(round.candidates).map((c, i) => [c.number, i]));
  const winner = round.candidates.find((c) => c.number === round.winner) ?? null;
  const winnerDelay = `${round.candidates.length * STEP_S + 0.6}s`;
  return (
    <div className="flex flex-1 flex-col gap-[1.5vw]">
      <h1 className={title}>{round.title}</h1>
      <ol className="flex flex-1 items-end justify-center gap-[1.2vw]" aria-label="Résultats">
        {round.candidates.map((c) => {
          const isWinner = c.number === round.winner;
          const height = ((c.votes ?? 0) / max) * 100;
          return (
            <li key={c.number} className="flex max-w-[14vw] min-w-0 flex-1 flex-col">
              <div className="flex flex-1 flex-col justify-end">
                <p className="text-center text-[2vw] font-black tabular-nums">
                  {formatShare(c.share)}
                  <span className="block text-[1.3vw] font-semibold text-blue-100">
                    {formatCount(c.votes ?? 0)} vote{(c.votes ?? 0) > 1 ? 's' : ''}
                  </span>
                </p>
                <div
                  aria-hidden="true"
                  className={`mt-[0.5vw] rounded-t-[0.6vw] transition-[height] duration-700 ease-out motion-reduce:transition-none ${isWinner ? 'bg-accent-400' : 'bg-night-300'}`}
                  style={{
                    // In viewport heights: the hall's screen has no other fixed height to share.
                    height: risen ? `${(Math.max(height, 1) * BAR_VH) / 100}vh` : '0vh',
                    transitionDelay: `${(rank.get(c.number) ?? 0) * STEP_S}s`,
                  }}
                />
              </div>
              <p className="mt-[0.6vw] text-center text-[2.2vw] font-black text-accent-400">
                <span className="sr-only">n° </span>
                {c.number}
              </p>
              <p className="truncate text-center text-[1.5vw] font-bold">{c.name}</p>
            </li>
          );
        })}
      </ol>
      <p
        className="text-center text-[3.4vw] leading-tight font-black text-accent-400 transition-opacity duration-700 motion-reduce:transition-none"
        style={{ opacity: risen ? 1 : 0, transitionDelay: winnerDelay }}
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
