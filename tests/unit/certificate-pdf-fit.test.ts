import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fittingSize } from '@/features/admin/auditions/certificate-pdf';

/**
 * A certificate's lines stay inside its frame (docs/decisions/049-results-and-certificates.md,
 * 057-participation-certificates-and-their-link.md): a team's name of 80 characters, at the
 * name's 30 points, would run past the A4 page's border; it is set smaller, a short one is not.
 */
describe('a certificate’s line', () => {
  it('keeps its size when short, and shrinks to the frame when long', async () => {
    const pdf = await PDFDocument.create();
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    expect(fittingSize(bold, 'Ruth Essomba', 30)).toBe(30);
    const long = 'Les Lions de Bafoussam — Danse urbaine et traditionnelle du grand Ouest réunis';
    const size = fittingSize(bold, long, 30);
    expect(size).toBeLessThan(30);
    expect(bold.widthOfTextAtSize(long, size)).toBeLessThanOrEqual(841.89 - 120);
  });
});
