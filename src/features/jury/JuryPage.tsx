import { useEffect } from 'react';
import { JURY_ROLES, NOT_JURY, getJuryStaff, signOutJury } from '@/data/staff/jury-sign-in';
import * as paths from '@/config/route-paths';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { keepPageOffline } from '@/lib/offline-pages';
import { CHALLENGE_LOGO } from '@/components/brand/Logo';
import { StaffLoading } from '@/components/staff/StaffLoading';
import { useStaffGate } from '@/components/staff/use-staff-gate';
import { JuryScreen } from './JuryScreen';
import { JurySignIn } from './JurySignIn';

const GATE = { getStaff: getJuryStaff, roles: JURY_ROLES, refusal: NOT_JURY };

/**
 * /jury: the auditions' scorecards, for judges (role `jury`) and admins. A page of its own (no
 * site header or footer), with its own sign-in; kept on the device so that it opens again in a
 * hall without a network (build/offline-pages.ts, docs/decisions/031-jury-scorecards.md).
 */
export default function JuryPage() {
  useDocumentTitle('Jury des auditions — Booster Challenge');
  const { state, signedIn, signedOut } = useStaffGate(GATE);

  useEffect(() => void keepPageOffline(paths.jury), []);

  if (state.step === 'loading') {
    return (
      <StaffLoading logo={CHALLENGE_LOGO} logoAlt="Booster Challenge" title="Jury des auditions" />
    );
  }
  if (state.step === 'sign-in') {
    return <JurySignIn key={state.notice ?? ''} notice={state.notice} onSignedIn={signedIn} />;
  }
  return (
    <JuryScreen
      staff={state.staff}
      onSignOut={() => {
        void signOutJury();
        signedOut();
      }}
    />
  );
}
