import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { isRetryable, listJurySessions } from '@/data/auditions/jury';
import type { JurySessionSummary } from '@/data/auditions/types';
import { SESSION_CATEGORY_LABELS, SESSION_STATE_LABELS } from '@/data/auditions/labels';
import type { JuryStaff } from '@/data/staff/jury-sign-in';
import { doualaDay } from '@/lib/dates';
import { toDataError } from '@/lib/errors';
import { allKeptCards, keepSessions, keptSessions } from './jury-device';
import { keptUntilNextSignIn, pendingOnSignOut, sessionTitle } from './jury-text';
import { SessionView } from './SessionView';
import { useJurySession } from './use-jury-session';

type Props = { staff: JuryStaff; onSignOut: () => void };

const NO_SESSIONS_KEPT =
  'Vos sessions n’ont pas encore été ouvertes sur cet appareil avec le réseau : connectez-vous à Internet une première fois.';

/** The judge's sessions: from the database, kept on the device for the next time offline. */
function useJurySessions(judge: string) {
  const [sessions, setSessions] = useState<JurySessionSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listJurySessions().then(
      async (fresh) => {
        await keepSessions(judge, fresh);
        if (live) setSessions(fresh);
      },
      async (e) => {
        const kept = await keptSessions(judge);
        if (!live) return;
        if (kept && isRetryable(e)) setSessions(kept.sessions);
        else setError(isRetryable(e) ? NO_SESSIONS_KEPT : toDataError(e, '').message);
      },
    );
    return () => {
      live = false;
    };
  }, [judge]);
  return { sessions, error };
}

function OpenSession({
  judge,
  sessionId,
  canLock,
}: {
  judge: string;
  sessionId: string;
  canLock: boolean;
}) {
  const state = useJurySession(judge, sessionId);
  if (state.loadError)
    return (
      <p role="alert" className="rounded-xl bg-white p-4 text-red-800">
        {state.loadError}
      </p>
    );
  if (!state.session)
    return (
      <p role="status" className="p-4">
        Chargement de la session…
      </p>
    );
  return <SessionView state={state} canLock={canLock || state.session.isLead} />;
}

/**
 * The judge's screen: today's session at once (the list of their sessions otherwise), and the
 * sign-out, which warns when notes are still waiting on the device.
 */
export function JuryScreen({ staff, onSignOut }: Props) {
  const judge = staff.userId;
  const { sessions, error } = useJurySessions(judge);
  const [openId, setOpenId] = useState<string | null>(null);
  // « Toutes mes sessions » asked for: today's session no longer opens by itself (it did, so
  // a judge of today's session could never reach another one, a final's for instance).
  const [listAsked, setListAsked] = useState(false);
  const [waiting, setWaiting] = useState(0);
  const confirmRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (waiting > 0) confirmRef.current?.focus();
  }, [waiting]);

  const today = sessions?.filter((s) => s.heldOn === doualaDay()) ?? [];
  const shown = openId ?? (!listAsked && today.length === 1 ? today[0].id : null);

  const signOut = async () => {
    const cards = await allKeptCards(judge);
    const n = cards.filter((c) => c.state === 'pending').length;
    if (n > 0) setWaiting(n);
    else onSignOut();
  };

  return (
    <div className="min-h-dvh bg-gray-100">
      <header className="flex min-h-[4.5rem] flex-wrap items-center justify-between gap-3 bg-brand-900 px-4 py-2 text-white focus-ring-light">
        <Logo logo={CHALLENGE_LOGO} alt="" className="hidden h-9 w-auto shrink-0 sm:block" />
        <div className="min-w-0 flex-1">
          <h1 className="text-lg leading-tight font-bold sm:text-xl">Jury des auditions</h1>
          <p className="truncate text-sm text-blue-100">{staff.email}</p>
        </div>
        <Button variant="secondary" className="shrink-0" onClick={() => void signOut()}>
          Déconnexion
        </Button>
      </header>
      <main className="mx-auto max-w-2xl space-y-5 p-3 sm:p-4">
        {waiting > 0 && (
          <section
            ref={confirmRef}
            tabIndex={-1}
            aria-labelledby="jury-sign-out-title"
            className="space-y-3 rounded-xl border-2 border-blue-800 bg-white p-4 shadow-sm outline-none"
          >
            <h2 id="jury-sign-out-title" className="text-lg font-bold text-gray-900">
              {pendingOnSignOut(waiting)}
            </h2>
            <p className="text-gray-900">{keptUntilNextSignIn(waiting)}</p>
            <div className="flex flex-wrap gap-3">
              <Button size="lg" onClick={() => setWaiting(0)}>
                Rester connecté
              </Button>
              <Button variant="dangerOutline" size="lg" onClick={onSignOut}>
                Se déconnecter quand même
              </Button>
            </div>
          </section>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-white p-4 text-red-800">
            {error}
          </p>
        )}
        {!sessions && !error && <p role="status">Chargement de vos sessions…</p>}
        {shown ? (
          <>
            {sessions && sessions.length > 1 && (
              <Button
                variant="secondary"
                onClick={() => {
                  setOpenId(null);
                  setListAsked(true);
                }}
              >
                Toutes mes sessions
              </Button>
            )}
            <OpenSession
              key={shown}
              judge={judge}
              sessionId={shown}
              canLock={staff.role === 'admin'}
            />
          </>
        ) : (
          sessions && (
            <section aria-labelledby="jury-sessions-title" className="space-y-3">
              <h2 id="jury-sessions-title" className="text-xl font-bold text-gray-900">
                Mes sessions
              </h2>
              {sessions.length === 0 && (
                <p className="rounded-xl bg-white p-4 text-gray-900">
                  Aucune session ne vous est attribuée.
                </p>
              )}
              <ul className="space-y-3">
                {sessions.map((s) => (
                  <li key={s.id}>
                    <button
                      type="button"
                      onClick={() => setOpenId(s.id)}
                      className="w-full rounded-xl bg-white p-4 text-left shadow-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-(--focus-ring)"
                    >
                      <span className="block text-lg font-bold text-gray-900">
                        {sessionTitle(s)}
                      </span>
                      <span className="block text-gray-800">
                        {SESSION_CATEGORY_LABELS[s.category]} · {SESSION_STATE_LABELS[s.state]} ·{' '}
                        {s.scoredByMe} / {s.performersCount} notés
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )
        )}
      </main>
    </div>
  );
}
