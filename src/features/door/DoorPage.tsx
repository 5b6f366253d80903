import { useEffect, useState } from 'react';
import { DOOR_ROLES, NOT_DOOR_STAFF, getDoorStaff, signOutDoor } from '@/data/staff/door-sign-in';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { keepPageOffline } from '@/lib/offline-pages';
import * as paths from '@/config/route-paths';
import { NIGHT_PARTY_LOGO } from '@/components/brand/Logo';
import { StaffLoading } from '@/components/staff/StaffLoading';
import { useStaffGate } from '@/components/staff/use-staff-gate';
import { DoorScreen } from './DoorScreen';
import { DoorSignIn } from './DoorSignIn';
import { DoorChoice } from './DoorChoice';
import { forgetDoorName, readDoorName, saveDoorName } from './door-input';
import { wipeDoorList } from './list/door-list-store';

const GATE = { getStaff: getDoorStaff, roles: DOOR_ROLES, refusal: NOT_DOOR_STAFF };

/** The door this phone checks at (null: to choose), and whether its staff signed in just now. */
type Place = { door: string | null; signedInNow: boolean };

/**
 * /porte: the door check-in of the Night Party, for door staff (role `controle`) and admins.
 * A page of its own (no site header or footer), with its own sign-in.
 */
export default function DoorPage() {
  // The concert's own tool, not a page of the Challenge's site (never prerendered nor indexed).
  useDocumentTitle('Contrôle des entrées — Booster Night Party');
  const { state, signedIn, signedOut } = useStaffGate(GATE);
  const [place, setPlace] = useState<Place | null>(null);

  // The door opens again without the network (issue 31): the offline worker, for /porte only.
  useEffect(() => void keepPageOffline(paths.door), []);

  if (state.step === 'loading') {
    return (
      <StaffLoading
        logo={NIGHT_PARTY_LOGO}
        logoAlt="Booster Night Party"
        title="Contrôle des entrées"
      />
    );
  }
  if (state.step === 'sign-in') {
    return <DoorSignIn key={state.notice ?? ''} notice={state.notice} onSignedIn={signedIn} />;
  }
  const { staff } = state;
  // A session kept from before opens at its door; a new one (or no door yet) chooses first.
  const { door, signedInNow } = place ?? {
    door: state.signedInNow ? null : readDoorName(),
    signedInNow: state.signedInNow,
  };
  const leave = (notice?: string) => {
    void signOutDoor();
    void wipeDoorList();
    forgetDoorName();
    setPlace(null);
    signedOut(notice);
  };
  if (!door) {
    return (
      <DoorChoice
        email={staff.email}
        current={readDoorName()}
        onChosen={(chosen) => {
          saveDoorName(chosen);
          setPlace({ door: chosen, signedInNow });
        }}
        onSignOut={() => leave()}
      />
    );
  }
  return (
    <DoorScreen
      staff={staff}
      door={door}
      signedInNow={signedInNow}
      onChangeDoor={() => setPlace({ door: null, signedInNow: true })}
      onSignOut={() => leave()}
      onSessionLost={(notice) => leave(notice)}
    />
  );
}
