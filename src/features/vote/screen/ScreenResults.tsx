import { useEffect, useState } from 'react';
import type { ScreenCandidate } from '@/data/vote/types';
import { formatShare, rankedResults } from '@/data/vote/labels';
import { formatCount } from '@/lib/numbers';
import { figureSize, lineSize, nameClass, nameSize, title } from './screen-sizes';
import type { Round } from './ScreenViews';

/**
 * The stage screen's revealed face: one row per candidate, the winner on top, each with a bar
 * across the screen's width, and the winner named last
 * (docs/decisions/044-stage-screen-from-the-back.md).
 */

const STEP_S = 0.7;

/**
 * One candidate's result: the number, the name (wrapping), the share and the votes on one line,
 * then a bar across the whole row (the screen's width for up to six candidates).
 */
function ResultRow({
  c,
  max,
  isWinner,
  risen,
  still,
  delayS,
}: {
  c: ScreenCandidate;
  max: number;
  isWinner: boolean;
  risen: boolean;
  still: boolean;
  delayS: number;
}) {
  const votes = c.votes ?? 0;
  return (
    <li
      className="grid items-center"
      style={{
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        columnGap: '1.2vw',
        rowGap: '0.4vw',
      }}
    >
      <span
        className={`flex items-center justify-center rounded-full font-black text-gray-950 ${isWinner ? 'bg-accent-400' : 'bg-yellow-400'}`}
        style={{ width: '3.6vw', height: '3.6vw', fontSize: '2.5vw' }}
      >
        <span className="sr-only">n° </span>
        {c.number}
      </span>
      <p className={nameClass} style={nameSize}>
        {c.name}
      </p>
      <p className="text-right leading-tight whitespace-nowrap tabular-nums">
        <span className="font-black" style={figureSize}>
          {formatShare(c.share)}
        </span>{' '}
        <span className="font-semibold text-blue-100" style={{ ...lineSize, marginLeft: '0.8vw' }}>
          {formatCount(votes)} vote{votes > 1 ? 's' : ''}
        </span>
      </p>
      <div
        aria-hidden="true"
        data-bar-track=""
        className="overflow-hidden"
        style={{
          gridColumn: '1 / -1',
          height: '1.3vw',
          borderRadius: '0.65vw',
          background: 'rgb(255 255 255 / 0.12)',
        }}
      >
        <div
          className={isWinner ? 'bg-accent-400' : undefined}
          style={{
            height: '100%',
            background: isWinner ? undefined : 'var(--color-night-300)',
            width: risen ? `${Math.max((votes / max) * 100, 0.5)}%` : '0%',
            transition: still ? 'none' : 'width 0.7s ease-out',
            transitionDelay: `${delayS}s`,
          }}
        />
      </div>
    </li>
  );
}

export function RevealedFace({ round }: { round: Round }) {
  // The bars start empty and fill after the first paint, the fewest votes first and the winner's
  // last (at once when the system asks for less motion).
  const [risen, setRisen] = useState(false);
  const still =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  useEffect(() => {
    const timer = setTimeout(() => setRisen(true), 50);
    return () => clearTimeout(timer);
  }, []);
  const rows = rankedResults(round.candidates);
  const max = Math.max(1, ...rows.map((c) => c.votes ?? 0));
  const winner = round.candidates.find((c) => c.number === round.winner) ?? null;
  const winnerDelay = `${rows.length * STEP_S + 0.6}s`;
  // Up to six results, one column: each bar is the screen's width; more, two columns.
  const columns = rows.length > 6 ? 2 : 1;
  return (
    <div className="flex flex-1 flex-col" style={{ gap: '1.5vw' }}>
      <h1 className={title} style={{ fontSize: '3.4vw' }}>
        {round.title}
      </h1>
      <ol
        className="grid content-center"
        style={{
          gap: '1vw 4vw',
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoFlow: columns > 1 ? 'column' : undefined,
          gridTemplateRows: columns > 1 ? `repeat(${Math.ceil(rows.length / 2)}, auto)` : undefined,
        }}
        aria-label="Résultats"
      >
        {rows.map((c, i) => (
          <ResultRow
            key={c.number}
            c={c}
            max={max}
            isWinner={c.number === round.winner}
            risen={risen}
            still={still}
            delayS={(rows.length - 1 - i) * STEP_S}
          />
        ))}
      </ol>
      <p
        className="mt-auto text-center leading-tight font-black wrap-anywhere text-yellow-400"
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
