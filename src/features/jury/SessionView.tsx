import { useEffect, useRef, useState } from 'react';
import type { Performer } from '@/data/auditions/types';
import { CATEGORY_LABELS, SESSION_CATEGORY_LABELS } from '@/data/auditions/labels';
import { formatEventTime } from '@/lib/dates';
import type { DeviceCard } from './card-queue';
import { cardStateText, pendingText, sessionTitle, slotTime } from './jury-text';
import { EndOfSession } from './EndOfSession';
import { FinalConflict, Recused } from './FinalConflict';
import { LockPanel } from './LockPanel';
import { Scorecard } from './Scorecard';
import { UnlockPanel } from '@/components/final/UnlockPanel';
import type { JurySessionState } from './use-jury-session';

type Props = { state: JurySessionState; canLock: boolean };

// The site's word for a team everywhere else (registration, lists): « Équipe », not « Groupe ».
const MODE_LABELS = { solo: 'Solo', team: 'Équipe' } as const;
const modeLabel = (mode: string) => MODE_LABELS[mode as keyof typeof MODE_LABELS] ?? mode;

/** The first performer without a card of mine (nor a declared conflict), else the first. */
const firstToScore = (
  performers: Performer[],
  cards: Map<string, DeviceCard>,
  recused: Set<string>,
) => (performers.find((p) => !cards.has(p.id) && !recused.has(p.id)) ?? performers[0])?.id ?? null;

/**
 * One session on the judge's device: where things stand (network, notes waiting, refusals), the
 * current performer with the scorecard, the next ones, the running order, and the lock for the
 * lead judge and admins.
 */
export function SessionView({ state, canLock }: Props) {
  const { session, cards, pending, refused, online, keptAt, refresh } = state;
  // The lead's lock names the missing notes from the database's count: asked again as this
  // judge's notes arrive, so it never lists notes already sent.
  const sent = [...cards.values()].filter((c) => c.state === 'sent').length;
  useEffect(() => {
    if (canLock && sent > 0) void refresh();
  }, [canLock, sent, refresh]);
  const [chosen, setChosen] = useState<string | null>(null);
  // After the last performer's card: the end of the session, said (./EndOfSession.tsx).
  const [ended, setEnded] = useState(false);
  // After "Suivant" or a pick in the running order, the focus goes to the performer's name: a
  // keyboard or screen-reader user starts the new card from its top.
  const moved = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [chosen]);
  const choose = (id: string) => {
    moved.current = true;
    setEnded(false);
    setChosen(id);
  };
  if (!session) return null;
  const performers = session.performers;
  // A final's performers this judge declared a conflict with: no card (ADR 047).
  const recused = new Set(session.myConflicts);
  const final = session.kind === 'final';
  const currentId =
    chosen && performers.some((p) => p.id === chosen)
      ? chosen
      : firstToScore(performers, cards, recused);
  const index = performers.findIndex((p) => p.id === currentId);
  const current = index >= 0 ? performers[index] : null;
  const upcoming = index >= 0 ? performers.slice(index + 1, index + 4) : [];
  const locked = session.state === 'locked';
  const byName = new Map(performers.map((p) => [p.id, p.name]));

  const goNext = () => {
    window.scrollTo({ top: 0 });
    if (index === performers.length - 1) return setEnded(true);
    const after = performers
      .slice(index + 1)
      .find((p) => (!cards.has(p.id) && !recused.has(p.id)) || p.id === currentId);
    const next = after ?? performers[index + 1] ?? performers.find((p) => !cards.has(p.id));
    if (next) choose(next.id);
  };
  // "Toutes vos notes sont envoyées." only when there are notes and every one is sent.
  const allSent = cards.size > 0 && [...cards.values()].every((c) => c.state === 'sent');

  return (
    <div className="space-y-5">
      <section aria-labelledby="jury-session-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="jury-session-title" className="text-xl font-bold text-gray-900">
          {sessionTitle(session)}
        </h2>
        <p className="text-gray-800">
          {SESSION_CATEGORY_LABELS[session.category]} · {session.venue}
        </p>
        <div role="status" className="mt-2 space-y-1 text-gray-900">
          {!online && (
            <p className="font-semibold">
              Hors ligne : les notes restent sur cet appareil et partiront au retour du réseau.
            </p>
          )}
          {keptAt && online && <p>Session gardée sur cet appareil à {formatEventTime(keptAt)}.</p>}
          {pending > 0 && <p className="font-semibold text-amber-900">{pendingText(pending)}</p>}
          {allSent && <p>Toutes vos notes sont envoyées.</p>}
        </div>
        {refused.length > 0 && (
          <div className="mt-3 rounded-lg border-2 border-red-600 bg-red-50 p-3" role="alert">
            <p className="font-semibold text-red-800">Notes refusées</p>
            <ul className="mt-1 space-y-1 text-gray-900">
              {refused.map((c) => (
                <li key={c.participantId}>
                  {byName.get(c.participantId) ?? 'Candidat'} : {c.refusal}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {ended ? (
        <EndOfSession
          // A recused performer is not a missing note.
          performers={performers.filter((p) => !recused.has(p.id))}
          cards={cards}
          online={online}
          onOpen={choose}
        />
      ) : current ? (
        <section
          aria-labelledby="jury-current-title"
          className="space-y-4 rounded-xl bg-white p-4 shadow-sm"
        >
          <div>
            <p className="text-sm font-semibold text-brand-700">
              Candidat {current.position} sur {performers.length}
            </p>
            <h2
              id="jury-current-title"
              ref={heading}
              tabIndex={-1}
              className="text-2xl font-bold text-gray-900 outline-none"
            >
              {current.name}
            </h2>
            <p className="text-gray-800">
              {CATEGORY_LABELS[current.category]} · {modeLabel(current.mode)}
              {current.slot ? ` · ${slotTime(current.slot)}` : ''}
            </p>
          </div>
          {final && !recused.has(current.id) && !cards.has(current.id) && !locked && (
            <FinalConflict
              key={current.id}
              sessionId={session.id}
              performer={current}
              online={online}
              // Stays on this performer: the next unscored one would be chosen otherwise.
              refresh={() => {
                setChosen(current.id);
                return refresh();
              }}
            />
          )}
          {recused.has(current.id) ? (
            <Recused last={index === performers.length - 1} onNext={goNext} />
          ) : (
            <Scorecard
              key={`${current.id}-${cards.get(current.id)?.revision ?? 0}-${session.state}`}
              performer={current}
              criteria={session.criteria[current.category] ?? []}
              card={cards.get(current.id)}
              locked={locked}
              others={(session.others ?? []).filter((o) => o.participantId === current.id)}
              last={index === performers.length - 1}
              onSave={(change) => state.saveCard(current.id, change)}
              onNext={goNext}
            />
          )}
        </section>
      ) : (
        <p className="rounded-xl bg-white p-4 text-gray-900 shadow-sm">
          Aucun candidat convoqué pour cette session.
        </p>
      )}

      {!ended && upcoming.length > 0 && (
        <section aria-labelledby="jury-next-title" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="jury-next-title" className="text-lg font-bold text-gray-900">
            Ensuite
          </h2>
          <ol className="mt-2 space-y-1 text-gray-900">
            {upcoming.map((p) => (
              <li key={p.id}>
                {p.position}. {p.name}
                {p.slot ? ` — ${slotTime(p.slot)}` : ''}
              </li>
            ))}
          </ol>
        </section>
      )}

      <details className="rounded-xl bg-white p-4 shadow-sm">
        <summary className="min-h-11 cursor-pointer py-2 text-lg font-bold text-gray-900">
          Ordre de passage ({performers.length})
        </summary>
        <ol className="mt-2 divide-y divide-gray-200">
          {performers.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-current={p.id === currentId ? 'step' : undefined}
                className={`flex min-h-11 w-full items-center justify-between gap-3 py-2 text-left text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-(--focus-ring) ${p.id === currentId ? 'font-bold' : ''}`}
                onClick={() => choose(p.id)}
              >
                <span>
                  {p.position}. {p.name}
                </span>
                <span className="shrink-0 text-sm text-gray-700">
                  {recused.has(p.id)
                    ? 'Récusé (conflit d’intérêts)'
                    : cardStateText(cards.get(p.id))}
                </span>
              </button>
            </li>
          ))}
        </ol>
      </details>

      {canLock && final && <UnlockPanel session={session} online={online} refresh={refresh} />}
      {canLock && (
        <LockPanel
          session={session}
          online={online}
          lock={state.lock}
          refresh={refresh}
          unsentOfMine={performers
            .filter((p) => cards.get(p.id)?.state !== 'sent')
            .map((p) => p.name)}
        />
      )}
    </div>
  );
}
