import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import * as paths from '@/config/route-paths';
import {
  issueParticipationCertificate,
  sendCertificateLink,
  type Certificate,
} from '@/data/final/certificates';
import type { Participant } from '@/data/participants/types';
import { downloadFile } from '@/lib/download';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';

// pdf-lib loads with the first download only, as the final's certificates
// (docs/decisions/049-results-and-certificates.md, 057-participation-certificates-and-their-link.md).
const pdfModule = () => import('../auditions/certificate-pdf');
const FAILED = 'L’attestation de participation n’a pas pu être créée. Veuillez réessayer.';
const LINK_FAILED = 'Le lien n’a pas pu être mis en file d’envoi. Veuillez réessayer.';

/**
 * « Attestation de participation » on a participant's page (admins): the database issues it to a
 * participant who took part (the same code at every click, journaled once) or says why not; the
 * PDF is built here and downloaded, with the code /resultats checks. « Envoyer le lien » queues
 * one message with the link of their certificate (the final's when they have one), once.
 */
export function ParticipationCertificate({ participant: p }: { participant: Participant }) {
  const [busy, setBusy] = useState<'pdf' | 'link' | null>(null);
  const [issued, setIssued] = useState<Certificate | null>(null);

  const download = async () => {
    setBusy('pdf');
    try {
      const c = await issueParticipationCertificate(p.id);
      const m = await pdfModule();
      const bytes = await m.certificatePdf(c, `${window.location.origin}${paths.results}`);
      downloadFile(
        m.certificateFileName(c),
        new Blob([bytes as BlobPart], { type: 'application/pdf' }),
        'application/pdf',
      );
      setIssued(c);
    } catch (error) {
      notify.error(toDataError(error, FAILED).message);
    } finally {
      setBusy(null);
    }
  };
  const send = async () => {
    setBusy('link');
    try {
      const { queued } = await sendCertificateLink(p.id);
      if (queued > 0) notify.success(`Lien du certificat mis en file d’envoi pour ${p.fullName}`);
      else
        notify.success(`Le lien du certificat de ${p.fullName} est déjà en file d’envoi ou envoyé`);
    } catch (error) {
      notify.error(toDataError(error, LINK_FAILED).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <h3 className="mb-2 font-semibold text-gray-900">Attestation de participation</h3>
      <p className="mb-3 text-gray-800">
        Un PDF pour un participant qui a passé l’audition, avec un code que chacun peut vérifier sur
        /resultats. « Envoyer le lien » lui envoie par e-mail (sinon par SMS) le lien qui vérifie
        son certificat.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          busy={busy === 'pdf'}
          disabled={busy !== null}
          busyLabel="Création de l’attestation…"
          onClick={() => void download()}
        >
          Attestation de participation
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'link'}
          disabled={busy !== null}
          busyLabel="Mise en file…"
          aria-label={`Envoyer le lien du certificat à ${p.fullName}`}
          onClick={() => void send()}
        >
          Envoyer le lien
        </Button>
      </div>
      <p role="status" className="mt-2 text-gray-800">
        {issued && (
          <>
            Attestation téléchargée. Code de vérification{'\u00a0'}:{' '}
            <span className="font-mono whitespace-nowrap">{issued.code}</span>
          </>
        )}
      </p>
    </div>
  );
}
