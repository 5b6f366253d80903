import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import * as paths from '@/config/route-paths';
import type { FinalCategory } from '@/data/final/admin';
import { sendCertificateLinks, type Certificate } from '@/data/final/certificates';
import { SpendConfirmationError, type SpendAsk } from '@/data/shared/spend';
import { finalCertificatesQuery } from '@/data/final/queries';
import { downloadFile } from '@/lib/download';
import { toDataError } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { DataTable } from '../ui/DataTable';
import { QueryStatus } from '../ui/ListState';
import { SpendConfirmDialog } from '../ui/SpendConfirmDialog';
import { card, td } from '../ui/classes';

// pdf-lib and fflate load with the first download only (docs/decisions/049-results-and-certificates.md).
const pdfModule = () => import('./certificate-pdf');
const FAILED = 'Le certificat n’a pas pu être créé. Veuillez réessayer.';
const LINKS_FAILED = 'Les liens n’ont pas pu être mis en file d’envoi. Veuillez réessayer.';
const people = (n: number) => `${n} personne${n > 1 ? 's' : ''}`;

/**
 * A published category's certificates (admins): one PDF per laureate and finalist, one by one
 * or all in a zip, each with the code /resultats checks; « Envoyer le lien à tous » queues one
 * message per person with their link, once, past a handful after the count and cost are
 * confirmed (docs/decisions/057-participation-certificates-and-their-link.md, 037).
 */
export function CertificatesPanel({ category, label }: { category: FinalCategory; label: string }) {
  const query = useQuery(finalCertificatesQuery(category));
  const [busy, setBusy] = useState<string | null>(null);
  const [ask, setAsk] = useState<SpendAsk | null>(null);
  const verifyUrl = `${window.location.origin}${paths.results}`;

  const run = async (key: string, make: () => Promise<void>) => {
    setBusy(key);
    try {
      await make();
    } catch (error) {
      notify.error(toDataError(error, FAILED).message);
    } finally {
      setBusy(null);
    }
  };
  const one = (c: Certificate) =>
    run(c.code, async () => {
      const m = await pdfModule();
      const bytes = await m.certificatePdf(c, verifyUrl);
      downloadFile(
        m.certificateFileName(c),
        new Blob([bytes as BlobPart], { type: 'application/pdf' }),
        'application/pdf',
      );
    });
  const all = (list: Certificate[]) =>
    run('zip', async () => {
      const m = await pdfModule();
      const bytes = await m.certificatesZip(list, verifyUrl);
      downloadFile(
        `certificats-${category === 'dance' ? 'danse' : 'chant'}.zip`,
        new Blob([bytes as BlobPart], { type: 'application/zip' }),
        'application/zip',
      );
    });

  const sendAll = async (confirm?: number) => {
    setBusy('links');
    try {
      const { queued, skipped } = await sendCertificateLinks(category, confirm);
      const already = `déjà en file d’envoi ou envoyé pour ${people(skipped)}`;
      notify.success(
        queued === 0
          ? `Aucun nouveau lien\u00a0: ${already}`
          : `Lien du certificat mis en file d’envoi pour ${people(queued)}` +
              (skipped > 0 ? `\u00a0; ${already}` : ''),
      );
    } catch (error) {
      if (error instanceof SpendConfirmationError) setAsk(error.ask);
      else notify.error(toDataError(error, LINKS_FAILED).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="final-certificates" className={`${card} space-y-3`}>
      <h2 id="final-certificates" className="text-lg font-semibold">
        Certificats
      </h2>
      <p className="text-gray-800">
        Un certificat PDF par lauréat et finaliste, avec un code que chacun peut vérifier sur
        /resultats. Le lien qui le vérifie part par e-mail (sinon par SMS), une fois par personne.
      </p>
      <QueryStatus query={query} loadingText="Chargement des certificats…" />
      {query.data && (
        <>
          <Button
            busy={busy === 'zip'}
            busyLabel="Création du zip…"
            disabled={busy !== null}
            onClick={() => void all(query.data)}
          >
            Télécharger tous les certificats (zip)
          </Button>{' '}
          <Button
            variant="secondary"
            busy={busy === 'links'}
            busyLabel="Mise en file…"
            disabled={busy !== null}
            onClick={() => void sendAll()}
          >
            Envoyer le lien à tous
          </Button>
          <SpendConfirmDialog
            ask={ask}
            what="Cet envoi"
            busy={busy === 'links'}
            onConfirm={(count) => {
              setAsk(null);
              void sendAll(count);
            }}
            onCancel={() => setAsk(null)}
          />
          <DataTable
            caption={`Certificats de la finale ${label}`}
            regionLabel={`Certificats de la finale ${label}`}
            columns={['Rang', 'Nom', 'Certificat', 'Code', 'PDF']}
          >
            {query.data.map((c) => (
              <tr key={c.code}>
                <td className={`${td} tabular-nums`}>{c.rank ?? '—'}</td>
                <td className={`${td} font-medium`}>{c.name}</td>
                <td className={td}>{c.laureate ? 'Lauréat' : 'Finaliste'}</td>
                <td className={`${td} font-mono whitespace-nowrap`}>{c.code}</td>
                <td className={td}>
                  <Button
                    variant="secondary"
                    busy={busy === c.code}
                    busyLabel="Création…"
                    disabled={busy !== null}
                    aria-label={`Télécharger le certificat de ${c.name}`}
                    onClick={() => void one(c)}
                  >
                    Télécharger
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
