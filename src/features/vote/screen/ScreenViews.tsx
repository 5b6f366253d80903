import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { QrCode } from '@/components/ui/QrCode';
import type { ScreenCandidate, ScreenState } from '@/data/vote/types';
import { votersText } from '@/data/vote/labels';
import { formatCount } from '@/lib/numbers';
import { formatCountdown, useCountdownMark, useSecondsLeft } from '@/lib/countdown';

/**
 * The stage screen's four faces (idle, open, closed, revealed), for a projector at 1920×1080 read
 * from the back of the hall: sizes in viewport widths, white and yellow on the concert's night
 * blue, nothing personal (docs/decisions/030-public-vote.md).
 */

export type Round = NonNullable<ScreenState['round']>;

import {
  figureSize,
  hero,
  heroSize,
  lineSize,
  nameClass,
  nameSize,
  title,
  titleSize,
} from './screen-sizes';

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

/**
 * One candidate: the number, the name and its second line. Compact (seven and more, two
 * columns), the line follows the name in the same paragraph, so twelve fit a 1080p screen.
 */
function CandidateCard({ c, compact }: { c: ScreenCandidate; compact: boolean }) {
  return (
    <li
      className="flex min-w-0 items-center"
      style={{
        gap: '1.2vw',
        borderRadius: '1vw',
        paddingInline: '1.2vw',
        paddingBlock: compact ? '0.4vw' : '0.8vw',
        background: 'rgb(255 255 255 / 0.1)',
      }}
    >
      <span
        aria-hidden="true"
        className="flex shrink-0 items-center justify-center rounded-full bg-accent-400 font-black text-gray-950"
        style={{ width: '4vw', height: '4vw', fontSize: '2.6vw' }}
      >
        {c.number}
      </span>
      {compact ? (
        <p className="min-w-0 flex-1 leading-tight wrap-anywhere">
          <span className="sr-only">n° {c.number} — </span>
          <span className="font-bold" style={nameSize}>
            {c.name}
          </span>
          {c.line && (
            <>
              {' '}
              <span className="text-blue-100" style={lineSize}>
                · {c.line}
              </span>
            </>
          )}
        </p>
      ) : (
        <span className="min-w-0 flex-1">
          <span className="sr-only">n° {c.number} —</span>{' '}
          <span className={nameClass} style={nameSize}>
            {c.name}
          </span>
          {c.line && (
            <span className="block leading-tight wrap-anywhere text-blue-100" style={lineSize}>
              {c.line}
            </span>
          )}
        </span>
      )}
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
  return (
    <div className="grid flex-1" style={{ gap: '3vw', gridTemplateColumns: 'minmax(0, 1fr) auto' }}>
      <section className="flex min-w-0 flex-col" style={{ gap: '1.5vw' }}>
        <h1 className={title} style={titleSize}>
          {round.title}
        </h1>
        <ol
          className="grid"
          style={{
            gap: '1vw',
            // One column up to three candidates, two beyond (ADR 044).
            gridTemplateColumns: `repeat(${round.candidates.length > 3 ? 2 : 1}, minmax(0, 1fr))`,
          }}
        >
          {round.candidates.map((c) => (
            <CandidateCard key={c.number} c={c} compact={round.candidates.length > 6} />
          ))}
        </ol>
      </section>
      {/* Named: the régie's page, which shows this screen in a frame, has an aside too (ADR 044). */}
      <aside
        aria-label="Compte à rebours et QR code"
        className="flex flex-col items-center text-center"
        style={{ width: '22vw', gap: '1.2vw' }}
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
        <p className="font-bold tabular-nums" style={figureSize}>
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
      <p className="font-bold tabular-nums" style={figureSize}>
        {votersText(round.voters, formatCount)}
      </p>
      <p className="text-blue-100" style={{ fontSize: '2.2vw' }}>
        Résultats dans un instant…
      </p>
    </div>
  );
}
