import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { lazyComponent } from '@/lib/lazy-component';
import type { DoorStaff } from '@/data/staff/door-sign-in';
import { passCodeOf, qrTokenOf } from './door-input';
import { FeedbackSwitch } from './FeedbackSwitch';
import { cueOf } from './verdict-cue';
import { giveCue } from './verdict-feedback';
import { DoorCountPanel, DoorQueuePanel, DoorWindowNotice } from './DoorStatus';
import { ManualCheckIn } from './ManualCheckIn';
import { PhoneSearch } from './PhoneSearch';
import { SentAnnouncement } from './SentAnnouncement';
import { VerdictPanel } from './VerdictPanel';
import { useCheckIn } from './use-check-in';
import { Logo, NIGHT_PARTY_LOGO } from '@/components/brand/Logo';
import { useDoorCount } from './use-door-count';
import { useDoorList } from './list/use-door-list';
import { searchDoorPhone } from '@/data/door/door-sync';

/** The camera and its QR decoder: downloaded when the camera is opened, never before. */
const CameraScanner = lazyComponent(() => import('./camera/CameraScanner').then((m) => m.default));

const pendingOnSignOut = (n: number) =>
  n > 1 ? `${n} contrôles ne sont pas encore envoyés` : '1 contrôle n’est pas encore envoyé';
const keptUntilNextSignIn = (n: number) =>
  n > 1
    ? 'Ils restent sur ce téléphone et seront envoyés à la prochaine connexion, dès que le réseau revient.'
    : 'Il reste sur ce téléphone et sera envoyé à la prochaine connexion, dès que le réseau revient.';

type Props = {
  staff: DoorStaff;
  /** The door chosen at sign-in among the declared ones (./DoorChoice.tsx). */
  door: string;
  /** Back to the choice of the door. */
  onChangeDoor: () => void;
  /** Signed in just now (not a session kept from before): focus and announce it. */
  signedInNow?: boolean;
  onSignOut: () => void;
  onSessionLost: (message: string) => void;
};

/**
 * The door's one screen, in the order a steward's thumb needs it (docs/decisions/043-the-door-fits-the-hand.md):
 * the camera and the typed code first (in the first screen of a 360×740 phone, before and after
 * each verdict), then the phone search; the counts, the list's freshness and the door's own
 * settings fold below. A verdict replaces it until "Scanner le suivant", heard and felt too.
 * Nothing else: no list, no export.
 */
export function DoorScreen({
  staff,
  door: doorName,
  onChangeDoor,
  signedInNow = false,
  onSignOut,
  onSessionLost,
}: Props) {
  const { count, stale, refresh } = useDoorCount();
  const doorList = useDoorList({ door: doorName, onSessionLost });
  const checkIn = useCheckIn({
    onCheckedIn: () => {
      void refresh();
      void doorList.sync();
    },
    onSessionLost,
    list: { ...doorList, syncedAt: doorList.list?.syncedAt ?? null },
  });
  const { outcome, busy, submit, rejectScan, rejectCode, rejectSearch, clear } = checkIn;
  // Each verdict once, as it appears: its sound and vibration (./verdict-feedback.ts).
  useEffect(() => {
    const cue = outcome && cueOf(outcome);
    if (cue) giveCue(cue);
  }, [outcome]);
  // After the sign-in: the code field has the focus, and the sign-in is said (issue 31, item 7).
  const [signedInText, setSignedInText] = useState('');
  useEffect(() => {
    if (!signedInNow) return;
    document.getElementById('door-code')?.focus();
    // Said once the (empty) live region is in the page, so screen readers hear the change.
    const timer = setTimeout(
      () => setSignedInText(`Connecté : ${staff.email}. Scannez un pass ou tapez son code.`),
      100,
    );
    return () => clearTimeout(timer);
  }, [signedInNow, staff.email]);
  const [cameraOpen, setCameraOpen] = useState(false);
  // Scans still waiting for the network stay on this phone after a sign-out (./scan-queue.ts)
  // and leave with the next sign-in on it: the steward is told before leaving, not after.
  const [confirmingSignOut, setConfirmingSignOut] = useState(false);
  const signOut = () => (checkIn.pending > 0 ? setConfirmingSignOut(true) : onSignOut());
  const confirmRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (confirmingSignOut) confirmRef.current?.focus();
  }, [confirmingSignOut]);
  // Everything was sent meanwhile: nothing left to warn about.
  if (confirmingSignOut && checkIn.pending === 0) setConfirmingSignOut(false);
  const check = useCallback(
    (code: string) => void submit('code', code, doorName),
    [doorName, submit],
  );

  const onScanned = useCallback(
    (raw: string) => {
      const code = passCodeOf(raw);
      // The QR's token is judged instead of the code (docs/decisions/042-a-door-list-without-codes.md).
      const token = qrTokenOf(raw) ?? undefined;
      if (code) void submit('code', code, doorName, { token });
      else rejectScan(raw, doorName);
    },
    [doorName, submit, rejectScan],
  );

  // After "Scanner le suivant", focus goes back to the field the last scan came from.
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (outcome || !refocus.current) return;
    document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  }, [outcome]);
  const next = () => {
    if (!cameraOpen) refocus.current = outcome?.scan.kind === 'phone' ? 'door-phone' : 'door-code';
    clear();
  };

  return (
    <div className="min-h-dvh bg-gray-100">
      <header className="flex min-h-[4.5rem] flex-wrap items-center justify-between gap-3 bg-brand-900 px-4 py-2 text-white focus-ring-light">
        <Logo logo={NIGHT_PARTY_LOGO} alt="" className="hidden h-9 w-auto shrink-0 sm:block" />
        <div className="min-w-0 flex-1">
          <h1 className="text-lg leading-tight font-bold sm:text-xl">Contrôle des entrées</h1>
          <p className="text-sm text-blue-100">
            <span className="font-bold text-white">{doorName}</span> ·{' '}
            <span className="wrap-anywhere">{staff.email}</span>
          </p>
        </div>
        <Button variant="secondary" className="shrink-0" onClick={signOut} disabled={busy}>
          Déconnexion
        </Button>
      </header>
      <main className="mx-auto max-w-xl sm:p-4">
        {confirmingSignOut && (
          <section
            ref={confirmRef}
            tabIndex={-1}
            aria-labelledby="door-sign-out-title"
            className="m-4 space-y-3 rounded-xl border-2 border-blue-800 bg-white p-4 shadow-sm outline-none sm:mx-0"
          >
            <h2 id="door-sign-out-title" className="text-lg font-bold text-gray-900">
              {pendingOnSignOut(checkIn.pending)}
            </h2>
            <p className="text-gray-900">{keptUntilNextSignIn(checkIn.pending)}</p>
            <div className="flex flex-wrap gap-3">
              <Button variant="primary" size="lg" onClick={() => setConfirmingSignOut(false)}>
                Rester connecté
              </Button>
              <Button variant="dangerOutline" size="lg" onClick={onSignOut}>
                Se déconnecter quand même
              </Button>
            </div>
          </section>
        )}
        <p role="status" className="sr-only">
          {signedInText}
        </p>
        <SentAnnouncement sent={checkIn.justSent} />
        {outcome && <VerdictPanel outcome={outcome} onNext={next} />}
        <div hidden={outcome !== null} className="space-y-5 p-4 sm:p-0">
          <DoorWindowNotice count={count} />
          <section aria-label="Caméra" className="space-y-3">
            {cameraOpen && (
              <CameraScanner
                fallback={
                  <p role="status" className="rounded-xl bg-black p-4 text-center text-white">
                    Ouverture de la caméra…
                  </p>
                }
                paused={busy || outcome !== null}
                onCode={onScanned}
              />
            )}
            <Button
              size="block"
              variant={cameraOpen ? 'secondary' : 'accent'}
              className="min-h-14 text-lg"
              onClick={() => setCameraOpen((open) => !open)}
            >
              {cameraOpen ? 'Fermer la caméra' : 'Scanner avec la caméra'}
            </Button>
          </section>
          <ManualCheckIn
            busy={busy}
            onSubmit={check}
            onImpossible={(typed, reason) => rejectCode(typed, reason, doorName)}
          />
          <PhoneSearch
            busy={busy}
            list={doorList.list}
            search={(phone) => searchDoorPhone(phone, doorName)}
            onRefused={(e, typed) => rejectSearch(e, typed, doorName)}
            onConfirm={(match, typed) => void submit('phone', typed, doorName, { ref: match.ref })}
          />
          <DoorCountPanel count={count} stale={stale} perDoor={count?.perDoor ?? []} />
          <DoorQueuePanel
            pending={checkIn.pending}
            sent={checkIn.sent}
            list={
              doorList.list
                ? { syncedAt: doorList.list.syncedAt, passes: doorList.list.passes.size }
                : null
            }
          />
          <section
            aria-labelledby="door-this-door"
            className="space-y-3 rounded-xl bg-white p-4 shadow-sm"
          >
            <h2 id="door-this-door" className="text-base font-bold text-gray-900">
              Cette porte : {doorName}
            </h2>
            <Button
              variant="secondary"
              size="lg"
              className="wrap-anywhere"
              onClick={onChangeDoor}
              disabled={busy}
            >
              Changer de porte
            </Button>
            <FeedbackSwitch />
          </section>
        </div>
      </main>
    </div>
  );
}
