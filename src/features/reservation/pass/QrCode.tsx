import { encode } from 'uqr';

/** The QR code's modules (true = dark), with a quiet zone of 4 modules as the standard asks. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 4 }).data;
}

/** One SVG path drawing every dark module as a 1×1 square (one element, however many modules). */
function qrPath(matrix: boolean[][]): string {
  let d = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return d;
}

/**
 * A QR code drawn as SVG in the browser (uqr), dark on white whatever the theme, crisp at any
 * size. The accessible name says what it is for; the code itself is printed beside it.
 */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const matrix = qrMatrix(text);
  const size = matrix.length;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
