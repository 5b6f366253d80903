import { useParams } from 'react-router';
import { usePageMeta } from '@/lib/use-page-meta';
import { PassPanel } from './PassPanel';
import { usePass } from './use-pass';

/** /pass/:code — a visitor's pass, reachable by the link in the QR code and on WhatsApp. */
export default function PassPage() {
  const { code = '' } = useParams();
  const pass = usePass(code);
  usePageMeta('Mon pass', 'Votre pass personnel pour la Booster Night Party.');
  return (
    <main id="contenu" className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-gray-950">Mon pass Night Party</h1>
      <PassPanel {...pass} />
    </main>
  );
}
