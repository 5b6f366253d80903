import { useEffect } from 'react';
import { useParams } from 'react-router';
import { forgetPass, rememberPass } from '@/lib/last-pass';
import { usePageMeta } from '@/lib/use-page-meta';
import { PassPanel } from './PassPanel';
import { PassVote } from './PassVote';
import { usePass } from './use-pass';

/** /pass/:code — a visitor's pass, reachable by the link in the QR code and on WhatsApp. */
export default function PassPage() {
  const { code = '' } = useParams();
  const pass = usePass(code);
  usePageMeta('Mon pass', 'Votre pass personnel pour la Booster Night Party.');
  const { load } = pass;
  const found = load.status === 'found' ? load.pass.code : null;
  const cancelled = load.status === 'found' && load.pass.state === 'cancelled';
  // The header's "Mon pass" and /vote open this pass again on this phone; a cancelled or unknown
  // pass is forgotten (docs/decisions/046-the-pass-comes-first.md).
  useEffect(() => {
    if (found && !cancelled) rememberPass(found);
    else if (found || load.status === 'unknown') forgetPass(found ?? code);
  }, [found, cancelled, load.status, code]);
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-4 sm:py-8">
      <h1 className="mb-4 text-2xl font-extrabold text-gray-950 sm:text-3xl">
        Mon pass Night Party
      </h1>
      <PassPanel {...pass}>{found && !cancelled && <PassVote code={found} />}</PassPanel>
    </main>
  );
}
