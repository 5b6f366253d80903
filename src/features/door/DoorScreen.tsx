import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { lazyComponent } from '@/lib/lazy-component';
import type { DoorStaff } from '@/data/staff/door-sign-in';
import {
  DOOR_MAX_LENGTH,
  DOOR_NAME_INVALID,
  doorNameOf,
  passCodeOf,
  qrTokenOf,
  readDoorName,
  saveDoorName,
} from './door-input';
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

const DOOR_REQUIRED = 'Indiquez la porte (40 caractères au plus), ex. Porte 1.';

type Props = {
  staff: DoorStaff;
  /** Signed in just now (not a session kept from before): focus and announce it. */
  signedInNow?: boolean;
  onSignOut: () => void;
  onSessionLost: (message: string) => void;
};

/**
 * The door's one screen: the live count, the door's name, the camera, the typed code, the phone
 * search; a verdict replaces it until "Scanner le suivant". Nothing else: no list, no export.
 */
export function DoorScreen({ staff, signedInNow = false, onSignOut, onSessionLost }: Props) {
  const { count, stale, refresh } = useDoorCount();
  const [door, setDoor] = useState(readDoorName);
  // The database's rule (private.require_door): letters, digits, spaces and - ' ’ . # ° / ( ).
  const doorName = doorNameOf(door) ?? '';
  const doorList = useDoorList({ door: doorName || 'Porte 1', onSessionLost });
  const checkIn = useCheckIn({
    onCheckedIn: () => {
      void refresh();
      void doorList.sync();
    },
    onSessionLost,
    list: { ...doorList, syncedAt: doorList.list?.syncedAt ?? null },
  });
  const { outcome, busy, submit, rejectScan, rejectSearch, clear } = checkIn;
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
  const doorValid = doorName !== '';
  const doorError = doorValid ? undefined : door.trim() ? DOOR_NAME_INVALID : DOOR_REQUIRED;

  const changeDoor = (value: string) => {
    setDoor(value);
    if (doorNameOf(value)) saveDoorName(value);
  };

  const check = useCallback(
    (code: string) => {
      if (!doorValid) return document.getElementById('door-name')?.focus();
      void submit('code', code, doorName);
    },
    [doorValid, doorName, submit],
  );

  const onScanned = useCallback(
    (raw: string) => {
      const code = passCodeOf(raw);
      // The QR's token is judged instead of the code (docs/decisions/042-a-door-list-without-codes.md).
      const token = qrTokenOf(raw) ?? undefined;
      if (code && doorValid) void submit('code', code, doorName, { token });
      else rejectScan(raw, doorName);
    },
    [doorValid, doorName, submit, rejectScan],
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
          <p className="text-sm wrap-anywhere text-blue-100">{staff.email}</p>
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
          <Field
            label="Porte"
            hint="Le nom de votre porte, gardé sur ce téléphone."
            error={doorError}
          >
            <input
              id="door-name"
              value={door}
              maxLength={DOOR_MAX_LENGTH}
              onChange={(e) => changeDoor(e.target.value)}
              autoComplete="off"
            />
          </Field>
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
          <ManualCheckIn busy={busy} onSubmit={check} />
          <PhoneSearch
            busy={busy}
            list={doorList.list}
            search={(phone) => searchDoorPhone(phone, doorName || 'Porte 1')}
            onRefused={(e, typed) => rejectSearch(e, typed, doorName)}
            onConfirm={(match, typed) => {
              if (!doorValid) return document.getElementById('door-name')?.focus();
              void submit('phone', typed, doorName, { ref: match.ref });
            }}
          />
        </div>
      </main>
    </div>
  );
}
