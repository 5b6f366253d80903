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
import { DoorChoice } from './DoorChoice';
import { forgetDoorName, readDoorName, saveDoorName } from './door-input';
import { wipeDoorList } from './list/door-list-store';

type State =
  | { step: 'loading' }
  | { step: 'sign-in'; notice?: string }
  | { step: 'choose-door'; staff: DoorStaff; signedInNow?: boolean }
  | { step: 'door'; staff: DoorStaff; door: string; signedInNow?: boolean };

/** A session kept from before opens at its door; a new one (or no door yet) chooses first. */
function afterSignIn(staff: DoorStaff, signedInNow?: boolean): State {
  const door = signedInNow ? null : readDoorName();
  return door ? { step: 'door', staff, door } : { step: 'choose-door', staff, signedInNow };
}

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
        else if (staff.role && DOOR_ROLES.includes(staff.role)) setState(afterSignIn(staff));
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
        onSignedIn={(staff) => setState(afterSignIn(staff, true))}
      />
    );
  }
  const leave = (notice?: string) => {
    void signOutDoor();
    void wipeDoorList();
    forgetDoorName();
    setState({ step: 'sign-in', notice });
  };
  if (state.step === 'choose-door') {
    const { staff, signedInNow } = state;
    return (
      <DoorChoice
        email={staff.email}
        current={readDoorName()}
        onChosen={(door) => {
          saveDoorName(door);
          setState({ step: 'door', staff, door, signedInNow });
        }}
        onSignOut={() => leave()}
      />
    );
  }
  return (
    <DoorScreen
      staff={state.staff}
      door={state.door}
      signedInNow={state.signedInNow}
      onChangeDoor={() => setState({ step: 'choose-door', staff: state.staff, signedInNow: true })}
      onSignOut={() => leave()}
      onSessionLost={(notice) => leave(notice)}
    />
  );
}
