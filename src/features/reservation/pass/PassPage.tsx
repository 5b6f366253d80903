import { useEffect } from 'react';
import { useParams } from 'react-router';
import { usePageMeta } from '@/lib/use-page-meta';
import { rememberPass } from '../vote/last-pass';
import { PassPanel } from './PassPanel';
import { PassVote } from './PassVote';
import { usePass } from './use-pass';

/** /pass/:code — a visitor's pass, reachable by the link in the QR code and on WhatsApp. */
export default function PassPage() {
  const { code = '' } = useParams();
  const pass = usePass(code);
  usePageMeta('Mon pass', 'Votre pass personnel pour la Booster Night Party.');
  const found = pass.load.status === 'found' ? pass.load.pass.code : null;
  // /vote opens this pass again on this phone.
  useEffect(() => {
    if (found) rememberPass(found);
  }, [found]);
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-gray-950">Mon pass Night Party</h1>
      <PassPanel {...pass}>{found && <PassVote code={found} />}</PassPanel>
    </main>
  );
}
