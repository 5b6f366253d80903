import { publicRpc } from '@/data/shared/public-rpc';
import { toDataError } from '@/lib/errors';

/**
 * A certificate's code checked on /resultats (final_certificate_verify, everyone, limited per
 * address; docs/decisions/049-results-and-certificates.md), with plain fetch as the other public
 * questions. A malformed code and the limit are refusals (DataError, the database's French).
 */

export type CertificateCheck =
  | { valid: false }
  | {
      valid: true;
      name: string;
      category: 'dance' | 'singing';
      rank: number | null;
      laureate: boolean;
      /** The results' publication; for a certificate of participation, its issue. */
      publishedAt: string;
      /** A certificate of participation (docs/decisions/057-…): its edition's year. */
      participation: { editionYear: number } | null;
    };

const CHECK_ERROR = 'Le code n’a pas pu être vérifié pour le moment. Réessayez plus tard.';

export async function checkCertificate(code: string): Promise<CertificateCheck> {
  const { data, error } = await publicRpc('final_certificate_verify', { code });
  if (error) throw toDataError(error, CHECK_ERROR);
  if (data?.valid !== true) return { valid: false };
  return {
    valid: true,
    name: data.name ?? '',
    category: data.category === 'singing' ? 'singing' : 'dance',
    rank: data.rank,
    laureate: data.laureate === true,
    publishedAt: data.published_at ?? '',
    participation:
      data.kind === 'participation' && data.edition_year
        ? { editionYear: data.edition_year }
        : null,
  };
}
