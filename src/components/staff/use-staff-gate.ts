import { useCallback, useEffect, useState } from 'react';
import type { StaffRole } from '@/data/shared/staff-role';

/** Where a staff page stands: asking who is signed in, at its sign-in, or open for `staff`. */
export type StaffGateState<Staff> =
  | { step: 'loading' }
  | { step: 'sign-in'; notice?: string }
  /** `signedInNow`: signed in on this page now, not a session kept from before. */
  | { step: 'open'; staff: Staff; signedInNow: boolean };

type Gate<Staff> = {
  /** Who is signed in (the session kept on the device), with the role the database gives. */
  getStaff: () => Promise<Staff | null>;
  /** The roles that open the page (the database refuses the others anyway). */
  roles: readonly StaffRole[];
  /** Shown at the sign-in to someone signed in without one of `roles`. */
  refusal: string;
};

/**
 * The gate of the staff pages outside the administration (the door, the jury): the session
 * kept on the device is asked for its role once when the page opens; no session, or a role the
 * page does not take, shows the sign-in (./StaffSignIn.tsx). Signing out is the page's: it
 * wipes what it keeps, then calls `signedOut`.
 */
export function useStaffGate<Staff extends { role: StaffRole | null }>({
  getStaff,
  roles,
  refusal,
}: Gate<Staff>) {
  const [state, setState] = useState<StaffGateState<Staff>>({ step: 'loading' });

  useEffect(() => {
    let live = true;
    getStaff().then(
      (staff) => {
        if (!live) return;
        if (!staff) setState({ step: 'sign-in' });
        else if (staff.role && roles.includes(staff.role))
          setState({ step: 'open', staff, signedInNow: false });
        else setState({ step: 'sign-in', notice: refusal });
      },
      () => live && setState({ step: 'sign-in' }),
    );
    return () => {
      live = false;
    };
    // Asked once, when the page opens: the pages pass module constants.
  }, [getStaff, roles, refusal]);

  const signedIn = useCallback(
    (staff: Staff) => setState({ step: 'open', staff, signedInNow: true }),
    [],
  );
  const signedOut = useCallback((notice?: string) => setState({ step: 'sign-in', notice }), []);
  return { state, signedIn, signedOut };
}
