import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { zipSync } from 'fflate';
import { EDITION } from '@/config/edition';
import type { Certificate } from '@/data/final/certificates';
import { eventYear, formatEventDay } from '@/lib/dates';

/**
 * The final's certificates as PDF files, in French (docs/decisions/049-results-and-certificates.md):
 * pdf-lib and fflate, loaded by the admin's click only (./CertificatesPanel.tsx imports this
 * module on demand: never in a public first load, build/bundle-budget.ts). The standard Helvetica
 * writes WinAnsi: French accents, « » and ’ are in it; the narrow no-break space is not, so it is
 * written as a no-break space.
 */

const CATEGORY = { dance: 'Danse', singing: 'Chant' } as const;
const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.07, 0.09, 0.15);
const BRAND = rgb(0.11, 0.3, 0.85);
const GREY = rgb(0.3, 0.33, 0.38);

const winAnsi = (s: string) => s.replace(/\u202f/g, '\u00a0');

/**
 * « 1re place », « 2e place »: a laureate's rank; a finalist's participation otherwise; a
 * participant's certificate of participation (docs/decisions/057-participation-certificates-and-their-link.md).
 */
export function certificateTitle(c: Certificate): { title: string; line: string } {
  if (c.participation)
    return {
      title: 'Attestation de participation',
      line: `A participé au ${EDITION.name} ${c.participation.editionYear}`,
    };
  if (c.laureate && c.rank !== null)
    return {
      title: 'Certificat de lauréat',
      line: `${c.rank === 1 ? '1re' : `${c.rank}e`} place de la finale`,
    };
  return { title: 'Certificat de finaliste', line: 'A participé à la grande finale' };
}

/**
 * certificat-danse-2-duo-beta.pdf: the rank when there is one; a finalist the jury did not rank
 * (no card) is "finaliste", an attestation its edition's year.
 */
export const certificateFileName = (c: Certificate) =>
  `${c.participation ? 'attestation-participation' : 'certificat'}-${c.category === 'dance' ? 'danse' : 'chant'}-${c.participation ? c.participation.editionYear : (c.rank ?? 'finaliste')}-${c.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.pdf`;

/** Inside the frame, with a margin: a longer line is set smaller rather than cut by the border. */
const LINE_WIDTH = A4_LANDSCAPE[0] - 2 * 60;

/** `size`, or the size at which `text` fits LINE_WIDTH (a team's name may have 80 characters). */
export function fittingSize(font: PDFFont, text: string, size: number): number {
  const width = font.widthOfTextAtSize(winAnsi(text), size);
  return width <= LINE_WIDTH ? size : Math.floor((size * LINE_WIDTH * 10) / width) / 10;
}

function centred(page: PDFPage, text: string, y: number, font: PDFFont, max: number, color = INK) {
  const t = winAnsi(text);
  const size = fittingSize(font, text, max);
  const width = font.widthOfTextAtSize(t, size);
  page.drawText(t, { x: (A4_LANDSCAPE[0] - width) / 2, y, size, font, color });
}

/** One certificate: the edition, the title, the name, the category and rank, the date, the code. */
export async function certificatePdf(c: Certificate, verifyUrl: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { title, line } = certificateTitle(c);
  pdf.setTitle(winAnsi(`${title} – ${c.name}`));
  pdf.setAuthor(EDITION.name);
  pdf.setLanguage('fr-FR');
  const page = pdf.addPage(A4_LANDSCAPE);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [w, h] = A4_LANDSCAPE;
  page.drawRectangle({
    x: 24,
    y: 24,
    width: w - 48,
    height: h - 48,
    borderColor: BRAND,
    borderWidth: 3,
  });
  const year = c.participation?.editionYear ?? eventYear(c.publishedAt);
  centred(page, `${EDITION.name} ${year}`, h - 110, bold, 22, BRAND);
  centred(page, 'Concours de danse et de chant – Cameroun', h - 138, regular, 13, GREY);
  centred(page, title, h - 210, bold, 34);
  centred(page, c.participation ? 'délivrée à' : 'décerné à', h - 250, regular, 14, GREY);
  centred(page, c.name, h - 300, bold, 30);
  centred(page, `Catégorie ${CATEGORY[c.category]} · ${line}`, h - 345, regular, 16);
  centred(
    page,
    `${c.participation ? 'Délivrée' : 'Résultats publiés'} le ${formatEventDay(c.publishedAt)}`,
    h - 375,
    regular,
    13,
    GREY,
  );
  centred(page, `Code de vérification : ${c.code}`, 110, bold, 14);
  centred(page, `À vérifier sur ${verifyUrl}`, 88, regular, 11, GREY);
  return pdf.save();
}

/** Every certificate of the list in one zip (stored as is: a PDF is compressed already). */
export async function certificatesZip(list: Certificate[], verifyUrl: string): Promise<Uint8Array> {
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const c of list)
    files[certificateFileName(c)] = [await certificatePdf(c, verifyUrl), { level: 0 }];
  return zipSync(files);
}
