import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import type { FinalCategory } from './admin';

/**
 * The final's certificates for the admins (admin_final_certificates,
 * docs/decisions/049-results-and-certificates.md): one per laureate and finalist of a published
 * result, with the verification code /resultats checks.
 */

export type Certificate = {
  category: FinalCategory;
  publishedAt: string;
  name: string;
  rank: number | null;
  /** Ranks 1 to 3: a laureate's certificate; otherwise a finalist's. */
  laureate: boolean;
  code: string;
};

const CERTIFICATES_ERROR = 'Impossible de charger les certificats pour le moment.';

export async function getFinalCertificates(category: FinalCategory): Promise<Certificate[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_final_certificates', { category });
  if (error) throw toDataError(error, CERTIFICATES_ERROR);
  if (!Array.isArray(data)) throw new DataError('unknown', CERTIFICATES_ERROR);
  return data.map((x) => ({
    category,
    publishedAt: x.published_at ?? '',
    name: x.name ?? '',
    rank: x.rank,
    laureate: x.laureate === true,
    code: x.code ?? '',
  }));
}
