import { useRef, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/Button';
import { FormAlert } from '@/components/ui/FormAlert';
import { cancelPass, CANCEL_ERROR, type Pass } from '@/data/reservations/pass';
import { DataError } from '@/lib/errors';
import { focusElement } from '@/lib/move-focus';
import { notify } from '@/lib/toast';
import { downloadCalendarFile, downloadPassImage } from './pass-files';
import { passWhatsappUrl } from './pass-links';

/**
 * What the holder can do with the pass: keep it (image in the gallery, WhatsApp, calendar) or
 * give the place back ("Je ne pourrai pas venir", confirmed in place, not in a modal).
 */
export function PassActions({ pass, onChange }: { pass: Pass; onChange: (pass: Pass) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const giveBack = useRef<HTMLButtonElement>(null);
  const usable = pass.state === 'confirmed' || pass.state === 'waitlisted';

  const keep = async (save: (p: Pass) => Promise<void>, what: string) => {
    try {
      await save(pass);
    } catch (error) {
      console.error(`${what} failed`, error);
      notify.error(`${what} : impossible sur cet appareil. Faites une capture d'écran du pass.`);
    }
  };

  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const cancelled = await cancelPass(pass.code);
      setConfirming(false);
      onChange(cancelled);
      notify.success('Votre réservation est annulée. Merci de nous avoir prévenus.');
      // These buttons are gone: the focus goes to the pass's state, which now reads "Annulée".
      requestAnimationFrame(() => focusElement(document.getElementById('pass-state')));
    } catch (error) {
      setFailure(error instanceof DataError ? error.message : CANCEL_ERROR);
    } finally {
      setBusy(false);
    }
  };

  if (pass.state === 'cancelled') return null;
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button size="lg" onClick={() => keep(downloadPassImage, 'Enregistrement du pass')}>
          Enregistrer mon pass
        </Button>
        <a
          href={passWhatsappUrl(pass.code)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: 'whatsapp', size: 'lg' })}
        >
          Envoyer sur WhatsApp
          <span className="sr-only"> (nouvel onglet)</span>
        </a>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => keep(downloadCalendarFile, 'Ajout à l’agenda')}
        >
          Ajouter à mon agenda
        </Button>
      </div>
      {usable && !confirming && (
        <Button
          ref={giveBack}
          variant="dangerOutline"
          onClick={() => {
            setConfirming(true);
            requestAnimationFrame(() => confirmTitle.current?.focus());
          }}
        >
          Je ne pourrai pas venir
        </Button>
      )}
      {confirming && (
        <section
          aria-labelledby="cancel-title"
          className="rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <h2 id="cancel-title" ref={confirmTitle} tabIndex={-1} className="font-bold text-red-900">
            Annuler votre réservation ?
          </h2>
          <p className="mt-1 text-red-900">
            Votre place sera donnée à la première personne de la liste d’attente. Cette action est
            définitive.
          </p>
          <FormAlert message={failure} />
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button variant="danger" busy={busy} busyLabel="Annulation…" onClick={cancel}>
              Oui, annuler ma place
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => giveBack.current?.focus());
              }}
            >
              Non, garder ma place
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
