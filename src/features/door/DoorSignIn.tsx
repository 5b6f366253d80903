import { NIGHT_PARTY_LOGO_LIGHT } from '@/components/brand/Logo';
import { LazyStaffSignIn } from '@/components/staff/LazyStaffSignIn';
import { StaffLoading } from '@/components/staff/StaffLoading';
import { signInDoor, type DoorStaff } from '@/data/staff/door-sign-in';

type Props = {
  /** Why the door staff are here again (session expired, account refused…). */
  notice?: string;
  onSignedIn: (staff: DoorStaff) => void;
};

/** The door staff's sign-in (Supabase Auth; the database says who may check in). */
export function DoorSignIn(props: Props) {
  return (
    <LazyStaffSignIn
      fallback={
        <StaffLoading
          logo={NIGHT_PARTY_LOGO_LIGHT}
          logoAlt="Booster Night Party"
          title="Contrôle des entrées"
        />
      }
      logo={NIGHT_PARTY_LOGO_LIGHT}
      logoAlt="Booster Night Party"
      title="Contrôle des entrées"
      intro="Réservé au personnel de la porte."
      idPrefix="door"
      signIn={signInDoor}
      {...props}
    />
  );
}
