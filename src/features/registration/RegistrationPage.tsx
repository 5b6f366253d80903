import { lazy, Suspense, useEffect, useState } from 'react';
import { usePageMeta } from '@/lib/use-page-meta';
import type { ClosedReason } from '@/data/register-participant';
import RegistrationClosed from './RegistrationClosed';
import { useRegistrationStatus } from './use-registration-status';

/*
 * The form (react-hook-form, zod's schema, the team rows) is its own chunk: outside the six weeks
 * of registration the page only shows why it is closed and never downloads it. Its download
 * starts on mount, alongside the opening check, so an open page waits for neither in turn.
 */
const loadForm = () => import('./RegistrationForm');
const RegistrationForm = lazy(() => loadForm().then((m) => ({ default: m.RegistrationForm })));

function Checking() {
  return (
    <p role="status" className="mt-6 text-gray-700">
      Vérification de l&apos;ouverture des inscriptions…
    </p>
  );
}

/**
 * /inscription: asks the database whether registration is open, then shows the form, or the
 * 'Inscriptions Clôturées' page with the reason (not yet open, closed, full). A submission refused
 * because the window closed meanwhile switches to that page too.
 */
export default function RegistrationPage() {
  const status = useRegistrationStatus();
  usePageMeta(
    'Inscription',
    'Inscrivez-vous gratuitement au Booster Challenge : danse ou chant, en solo ou en équipe de 2 à 10 personnes.',
  );
  const [refused, setRefused] = useState<ClosedReason | null>(null);
  useEffect(() => {
    // A failure here is reported where it matters: when the form renders (error boundary).
    loadForm().catch(() => undefined);
  }, []);

  const closedReason =
    refused ??
    (status.state === 'ready' && status.status.reason !== 'open' ? status.status.reason : null);
  if (closedReason) return <RegistrationClosed reason={closedReason} />;

  return (
    <main id="contenu" className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
        Inscription au Booster Challenge
      </h1>
      {status.state === 'loading' ? (
        <Checking />
      ) : (
        <Suspense fallback={<Checking />}>
          <RegistrationForm statusUnknown={status.state === 'unknown'} onClosed={setRefused} />
        </Suspense>
      )}
    </main>
  );
}
