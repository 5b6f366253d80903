import type { ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import type { StaffSignInProps } from './StaffSignIn';

/*
 * The staff sign-in (its form library and rules) is its own chunk: a steward or a judge signs in
 * once, then the door and the jury open signed in, offline included. The door's first load keeps
 * its budget (build/bundle-budget.ts) without the form library it needs only at sign-in.
 */
const SignIn = lazyComponent(() =>
  import('./StaffSignIn').then((m) => m.StaffSignIn as (p: StaffSignInProps<unknown>) => ReactNode),
);

/** StaffSignIn, loaded when shown; `fallback` meanwhile (the page's loading screen). */
export function LazyStaffSignIn<Staff>({
  onSignedIn,
  ...props
}: StaffSignInProps<Staff> & { fallback: ReactNode }) {
  // The chunk's component is generic; its answer is the `signIn` given here, so it is a Staff.
  return <SignIn {...props} onSignedIn={(staff) => onSignedIn(staff as Staff)} />;
}
