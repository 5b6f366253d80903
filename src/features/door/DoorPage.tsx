import { useEffect, useState } from 'react';
import {
  DOOR_ROLES,
  NOT_DOOR_STAFF,
  getDoorStaff,
  signOutDoor,
  type DoorStaff,
} from '@/data/staff/door-sign-in';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { keepPageOffline } from '@/lib/offline-pages';
import * as paths from '@/config/route-paths';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { DoorScreen } from './DoorScreen';
import { DoorSignIn } from './DoorSignIn';
import { wipeDoorList } from './list/door-list-store';

type State =
  | { step: 'loading' }
  | { step: 'sign-in'; notice?: string }
  | { step: 'door'; staff: DoorStaff; signedInNow?: boolean };

/**
 * /porte: the door check-in of the Night Party, for door staff (role `controle`) and admins.
 * A page of its own (no site header or footer), with its own sign-in.
 */
export default function DoorPage() {
  // The concert's own tool, not a page of the Challenge's site (never prerendered nor indexed).
  useDocumentTitle('Contrôle des entrées — Booster Night Party');
  const [state, setState] = useState<State>({ step: 'loading' });

  // The door opens again without the network (issue 31): the offline worker, for /porte only.
  useEffect(() => void keepPageOffline(paths.door), []);

  useEffect(() => {
    let live = true;
    getDoorStaff().then(
      (staff) => {
        if (!live) return;
        if (!staff) setState({ step: 'sign-in' });
        else if (staff.role && DOOR_ROLES.includes(staff.role)) setState({ step: 'door', staff });
        else setState({ step: 'sign-in', notice: NOT_DOOR_STAFF });
      },
      () => live && setState({ step: 'sign-in' }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.step === 'loading') {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-brand-900 p-6 text-white">
        <Logo logo={NIGHT_PARTY_LOGO} alt="Booster Night Party" className="mb-3 h-14 w-auto" />
        <h1 className="text-2xl font-bold">Contrôle des entrées</h1>
        <p role="status">Chargement…</p>
      </main>
    );
  }
  if (state.step === 'sign-in') {
    return (
      <DoorSignIn
        key={state.notice ?? ''}
        notice={state.notice}
        onSignedIn={(staff) => setState({ step: 'door', staff, signedInNow: true })}
      />
    );
  }
  return (
    <DoorScreen
      staff={state.staff}
      signedInNow={state.signedInNow}
      onSignOut={() => {
        void signOutDoor();
        void wipeDoorList();
        setState({ step: 'sign-in' });
      }}
      onSessionLost={(notice) => {
        void signOutDoor();
        void wipeDoorList();
        setState({ step: 'sign-in', notice });
      }}
    />
  );
}
