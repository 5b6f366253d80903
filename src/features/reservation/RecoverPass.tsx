import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { lazyComponent } from '@/lib/lazy-component';

/*
 * The form (its checks, the proof of work, the call) is its own chunk, loaded when the visitor
 * asks for it: most visitors of /night-party come to reserve, and the page's first load keeps
 * its budget (build/bundle-budget.ts).
 */
const RecoverPassForm = lazyComponent(() =>
  import('./RecoverPassForm').then((m) => m.RecoverPassForm),
);

/**
 * "Retrouver mon pass": a visitor who reserved and lost the link to their pass types their phone;
 * the link is sent to that phone (SMS or WhatsApp), never shown here, and the answer is the same
 * whether or not the phone has a reservation (recover_pass).
 */
export function RecoverPass() {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="retrouver-pass"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="retrouver-pass" className="text-lg font-bold">
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
