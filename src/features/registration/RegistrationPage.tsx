import { EditionFact } from '@/components/edition/EditionFact';
import { registrationWindow } from '@/lib/edition-text';
import { useEffect, useState } from 'react';
import { EDITION } from '@/config/edition';
import { lazyComponent } from '@/lib/lazy-component';
import { usePageMeta } from '@/lib/use-page-meta';
import type { ClosedReason } from '@/data/participants/types';
import { afterFirstPaint } from '@/lib/after-first-paint';
import RegistrationClosed from './RegistrationClosed';
import { useRegistrationStatus } from './use-registration-status';

/*
 * Loading sequence, tuned for Lighthouse mobile (LCP, CLS 0) and for the ten months a year when
 * registration is closed:
 * - The page's own chunk is tiny and paints its header (h1 and intro, the page's largest text,
 *   hence its LCP) at once; the opening check (supabase-js) and the form (react-hook-form, zod,
 *   the team rows) are separate chunks, both requested in parallel right after that first paint
 *   (afterFirstPaint), so they do not compete with it.
 * - The check comes first, the form is NOT shown optimistically: most visits happen while
 *   registration is closed, and a form that a visitor starts filling and that then vanishes
 *   behind 'Inscriptions Clôturées' is worse than a second of "Vérification…". The database
 *   refuses a closed registration anyway; this is about not wasting the visitor's time.
 * - Meanwhile a status region at least a screen tall holds the place of the form (itself longer
 *   than a screen), so the footer stays below the fold and nothing visible moves when the form
 *   or the closed page (kept a screen tall too) replaces it.
 */
const RegistrationForm = lazyComponent(() =>
  import('./RegistrationForm').then((m) => m.RegistrationForm),
);

function Pending({ children }: { children: string }) {
  return (
    <div role="status" className="mt-6 min-h-screen">
      <p className="text-gray-700">{children}</p>
    </div>
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
    'Inscrivez-vous gratuitement au Booster Challenge : danse ou chant, en solo ou en équipe de 2 à 10 personnes.',
  );
  const [refused, setRefused] = useState<ClosedReason | null>(null);
  useEffect(
    () =>
      afterFirstPaint(() => {
        // A failure here is reported where it matters: when the form renders (error boundary).
        RegistrationForm.preload().catch(() => undefined);
      }),
    [],
  );

  const closedReason =
    refused ??
    (status.state === 'ready' && status.status.reason !== 'open' ? status.status.reason : null);
  if (closedReason)
    return (
      <div className="min-h-screen">
        <RegistrationClosed reason={closedReason} />
      </div>
    );

  const { team } = EDITION;
  return (
    <main id="contenu" className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
        Inscription au Booster Challenge
      </h1>
      <p className="mt-3 text-gray-700">
        Inscription gratuite, en danse ou en chant, en solo ou en équipe de {team.min} à {team.max}{' '}
        personnes.
      </p>
      {/* The window is the settings' (docs/decisions/024-one-edition-one-source.md): its line
          keeps its height while they answer, so the form below does not move. */}
      <p className="min-h-12 text-gray-700 sm:min-h-6">
        <EditionFact>
          {(info) => registrationWindow(info) && <>Inscriptions {registrationWindow(info)}.</>}
        </EditionFact>
      </p>
      {status.state === 'loading' ? (
        <Pending>Vérification de l&apos;ouverture des inscriptions…</Pending>
      ) : (
        <RegistrationForm
          fallback={<Pending>Chargement du formulaire…</Pending>}
          statusUnknown={status.state === 'unknown'}
          onClosed={setRefused}
        />
      )}
    </main>
  );
}
