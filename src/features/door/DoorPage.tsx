import { useEffect, useState } from 'react';
import {
  DOOR_ROLES,
  NOT_DOOR_STAFF,
  getDoorStaff,
  signOutDoor,
  type DoorStaff,
} from '@/data/staff/door-sign-in';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { DoorScreen } from './DoorScreen';
import { DoorSignIn } from './DoorSignIn';

type State =
  { step: 'loading' } | { step: 'sign-in'; notice?: string } | { step: 'door'; staff: DoorStaff };

/**
 * /porte: the door check-in of the Night Party, for door staff (role `controle`) and admins.
 * A page of its own (no site header or footer), with its own sign-in.
 */
export default function DoorPage() {
  // The concert's own tool, not a page of the Challenge's site (never prerendered nor indexed).
  useDocumentTitle('Contrôle des entrées — Booster Night Party');
  const [state, setState] = useState<State>({ step: 'loading' });

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
        onSignedIn={(staff) => setState({ step: 'door', staff })}
      />
    );
  }
  return (
    <DoorScreen
      staff={state.staff}
      onSignOut={() => {
        void signOutDoor();
        setState({ step: 'sign-in' });
      }}
      onSessionLost={(notice) => {
        void signOutDoor();
        setState({ step: 'sign-in', notice });
      }}
    />
  );
}
