import { describe, expect, it } from 'vitest';
import { certificateFileName } from '@/features/admin/auditions/certificate-pdf';
import type { Certificate } from '@/data/final/certificates';

const base: Certificate = {
  category: 'singing',
  publishedAt: '2027-05-01T20:00:00Z',
  name: 'Émile Abéna',
  rank: 2,
  laureate: true,
  code: 'ABCD-EFGH',
};

describe('a certificate’s file name', () => {
  it('says the rank, "finaliste" for a finalist without one, the year for an attestation', () => {
    expect(certificateFileName(base)).toBe('certificat-chant-2-emile-abena.pdf');
    expect(certificateFileName({ ...base, rank: null, laureate: false })).toBe(
      'certificat-chant-finaliste-emile-abena.pdf',
    );
    expect(
      certificateFileName({ ...base, category: 'dance', participation: { editionYear: 2026 } }),
    ).toBe('attestation-participation-danse-2026-emile-abena.pdf');
  });
});
