import { siteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { passPath } from '@/config/route-paths';

/** The pass's own address: what the QR code holds and what WhatsApp sends. */
export const passUrl = (code: string) => siteUrl(passPath(code));

export { groupedCode } from '@/lib/pass-code';

/** wa.me with the pass link, to keep it in one's own chat or send it to a friend. */
export const passWhatsappUrl = (code: string) =>
  whatsappShareUrl('Mon pass pour la Booster Night Party :', passUrl(code));
