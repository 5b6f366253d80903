import { CHALLENGE_LOGO_LIGHT } from '@/components/brand/Logo';
import { LazyStaffSignIn } from '@/components/staff/LazyStaffSignIn';
import { StaffLoading } from '@/components/staff/StaffLoading';
import { signInJury, type JuryStaff } from '@/data/staff/jury-sign-in';

type Props = {
  /** Why the judge is here again (session expired, account refused…). */
  notice?: string;
  onSignedIn: (staff: JuryStaff) => void;
};

/** The judges’ sign-in (Supabase Auth; the database says who may score). */
export function JurySignIn(props: Props) {
  return (
    <LazyStaffSignIn
      fallback={
        <StaffLoading
          logo={CHALLENGE_LOGO_LIGHT}
          logoAlt="Booster Challenge"
          title="Jury des auditions"
        />
      }
      logo={CHALLENGE_LOGO_LIGHT}
      logoAlt="Booster Challenge"
      title="Jury des auditions"
      intro="Réservé aux jurés des auditions et aux administrateurs."
      idPrefix="jury"
      signIn={signInJury}
      {...props}
    />
  );
}
