import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { lazyComponent } from '@/lib/lazy-component';
import { RECOVER_ID } from './recover-pass-id';

/*
 * The form (its checks, the proof of work, the call) is its own chunk, loaded when the visitor
 * asks for it: most visitors of /night-party come to reserve, and the page's first load keeps
 * its budget (build/bundle-budget.ts).
 */
const RecoverPassForm = lazyComponent(() =>
  import('./RecoverPassForm').then((m) => m.RecoverPassForm),
);

/** The address is read again on each render (each navigation re-renders through useLocation). */
const noChange = () => () => undefined;

/**
 * "Retrouver mon pass": a visitor who reserved and lost the link to their pass types their phone;
 * the link is sent to that phone (SMS or WhatsApp), never shown here, and the answer is the same
 * whether or not the phone has a reservation (recover_pass).
 */
export function RecoverPass() {
  const [asked, setOpen] = useState(false);
  // Reached by "Retrouver mon pass" (the header, a pass's dead end): the form opens, and its
  // field, which takes the focus, brings it into view (the router scrolls to no #anchor). Read
  // from the address once hydrated: the prerendered page has the button.
  useLocation();
  const named = useSyncExternalStore(
    noChange,
    () => window.location.hash === `#${RECOVER_ID}`,
    () => false,
  );
  const open = asked || named;
  return (
    <section
      aria-labelledby={RECOVER_ID}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id={RECOVER_ID} className="text-lg font-bold">
        Pass perdu&nbsp;?
      </h2>
      <p className="mt-2 text-gray-800">
        Vous avez déjà réservé mais n’avez plus le lien de votre pass&nbsp;? Nous l’envoyons au
        numéro de la réservation.
      </p>
      {open ? (
        <RecoverPassForm
          fallback={<p className="mt-4 text-gray-700">Chargement du formulaire…</p>}
        />
      ) : (
        <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
          Retrouver mon pass
        </Button>
      )}
    </section>
  );
}
