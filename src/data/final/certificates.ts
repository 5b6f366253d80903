import { getSupabase } from '@/data/shared/supabase';
import { DataError, toDataError } from '@/lib/errors';
import { spendConfirmation } from '@/data/shared/spend';
import type { FinalCategory } from './admin';

/**
 * The final's certificates for the admins (admin_final_certificates,
 * docs/decisions/049-results-and-certificates.md): one per laureate and finalist of a published
 * result, with the verification code /resultats checks.
 */

export type Certificate = {
  category: FinalCategory;
  /** When the results were published; for a certificate of participation, when it was issued. */
  publishedAt: string;
  name: string;
  rank: number | null;
  /** Ranks 1 to 3: a laureate's certificate; otherwise a finalist's. */
  laureate: boolean;
  code: string;
  /**
   * A certificate of participation, issued on request to a participant who took part
   * (docs/decisions/057-participation-certificates-and-their-link.md), with its edition's year.
   */
  participation?: { editionYear: number };
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

const ISSUE_ERROR = 'L’attestation de participation n’a pas pu être délivrée. Veuillez réessayer.';

/**
 * Issues (or gives again: the same code every time) a participant's certificate of participation
 * (admin_participation_certificate, admins; journaled by the database at its first issue).
 */
export async function issueParticipationCertificate(participantId: string): Promise<Certificate> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_participation_certificate', {
    participant_id: participantId,
  });
  if (error) throw toDataError(error, ISSUE_ERROR);
  if (!data?.code || !data.edition_year) throw new DataError('unknown', ISSUE_ERROR);
  return {
    category: data.category === 'singing' ? 'singing' : 'dance',
    publishedAt: data.issued_at ?? '',
    name: data.name ?? '',
    rank: null,
    laureate: false,
    code: data.code,
    participation: { editionYear: data.edition_year },
  };
}

/** What sending certificates' links answers: the messages queued, the people already sent. */
export type LinksQueued = { queued: number; skipped: number };

const LINK_ERROR = 'Le lien n’a pas pu être mis en file d’envoi. Veuillez réessayer.';

/**
 * « Envoyer le lien »: one message to the participant (e-mail, else SMS) with the /resultats
 * link of their certificate, once per certificate (admin_send_certificate_link;
 * docs/decisions/057-participation-certificates-and-their-link.md).
 */
export async function sendCertificateLink(participantId: string): Promise<LinksQueued> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_send_certificate_link', {
    participant_id: participantId,
  });
  if (error) throw toDataError(error, LINK_ERROR);
  return { queued: data?.queued ?? 0, skipped: data?.skipped ?? 0 };
}

/**
 * « Envoyer le lien à tous »: every laureate's and finalist's link of a published category; past
 * a handful the database asks for their count first (SpendConfirmationError, ADR 037).
 */
export async function sendCertificateLinks(
  category: FinalCategory,
  confirm?: number,
): Promise<LinksQueued> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('admin_send_certificate_links', {
    category,
    confirm_messages: confirm ?? undefined,
  });
  if (error) throw spendConfirmation(error) ?? toDataError(error, LINK_ERROR);
  return { queued: data?.queued ?? 0, skipped: data?.skipped ?? 0 };
}
