import { useEffect, useState } from 'react';
import {
  JURY_ROLES,
  NOT_JURY,
  getJuryStaff,
  signOutJury,
  type JuryStaff,
} from '@/data/staff/jury-sign-in';
import * as paths from '@/config/route-paths';
import { useDocumentTitle } from '@/lib/use-page-meta';
import { keepPageOffline } from '@/lib/offline-pages';
import { CHALLENGE_LOGO, Logo } from '@/components/brand/Logo';
import { JuryScreen } from './JuryScreen';
import { JurySignIn } from './JurySignIn';

type State =
  { step: 'loading' } | { step: 'sign-in'; notice?: string } | { step: 'jury'; staff: JuryStaff };

/**
 * /jury: the auditions' scorecards, for judges (role `jury`) and admins. A page of its own (no
 * site header or footer), with its own sign-in; kept on the device so that it opens again in a
 * hall without a network (build/offline-pages.ts, docs/decisions/031-jury-scorecards.md).
 */
export default function JuryPage() {
  useDocumentTitle('Jury des auditions — Booster Challenge');
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    void keepPageOffline(paths.jury);
    let live = true;
    getJuryStaff().then(
      (staff) => {
        if (!live) return;
        if (!staff) setState({ step: 'sign-in' });
        else if (staff.role && JURY_ROLES.includes(staff.role)) setState({ step: 'jury', staff });
        else setState({ step: 'sign-in', notice: NOT_JURY });
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
        <Logo logo={CHALLENGE_LOGO} alt="Booster Challenge" className="mb-3 h-14 w-auto" />
        <h1 className="text-2xl font-bold">Jury des auditions</h1>
        <p role="status">Chargement…</p>
      </main>
    );
  }
  if (state.step === 'sign-in') {
    return (
      <JurySignIn
        key={state.notice ?? ''}
        notice={state.notice}
        onSignedIn={(staff) => setState({ step: 'jury', staff })}
      />
    );
  }
  return (
    <JuryScreen
      staff={state.staff}
      onSignOut={() => {
        void signOutJury();
        setState({ step: 'sign-in' });
      }}
    />
  );
}
