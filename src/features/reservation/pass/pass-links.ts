import { siteUrl } from '@/lib/share-links';
import { whatsappShareUrl } from '@/lib/links';
import { passPath } from '@/config/route-paths';
import { withQrToken } from '@/lib/pass-code';
import type { Pass } from '@/data/reservations/pass';

/** The pass's own address: what WhatsApp sends, and what the QR code opens. */
export const passUrl = (code: string) => siteUrl(passPath(code));

/**
 * What the QR code holds: the pass's address, then its token for the door (`#t=…`, 128 random
 * bits: the door checks it instead of the code, docs/decisions/042-a-door-list-without-codes.md).
 */
export const passQrText = (pass: Pick<Pass, 'code' | 'qrToken'>) =>
  withQrToken(passUrl(pass.code), pass.qrToken);

export { groupedCode } from '@/lib/pass-code';

/** wa.me with the pass link, to keep it in one's own chat or send it to a friend. */
export const passWhatsappUrl = (code: string) =>
  whatsappShareUrl('Mon pass pour la Booster Night Party :', passUrl(code));
