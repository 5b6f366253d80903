import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import App from '@/app/App';
import { qrMatrix } from '@/components/ui/QrCode';
import { testBackend } from '../setup/test-backend';

/**
 * What the pass's QR holds (docs/decisions/042-a-door-list-without-codes.md): the pass link, then
 * `#t=` and the reservation's own random token, which the door checks instead of the code. The
 * drawn modules are compared with the matrix of that text, module by module.
 */
const backend = testBackend();

afterEach(() => window.history.replaceState(null, '', '/'));

/** The dark modules of a drawn QR (its SVG path of 1×1 squares), as "x,y" pairs. */
function drawn(svg: Element): string[] {
  // The modules are the drawing itself: no role or text to reach them by.
  // eslint-disable-next-line testing-library/no-node-access
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  return [...d.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${x},${y}`);
}
const dark = (matrix: boolean[][]) =>
  matrix.flatMap((row, y) => row.flatMap((on, x) => (on ? [`${x},${y}`] : [])));

describe('the pass’s QR code', () => {
  it('holds the pass link and, after #t=, the pass’s QR token from get_pass', async () => {
    await backend.sql('delete from reservations');
    const [row] = await backend.sql<{ pass_code: string; qr_token: string }>(
      `insert into reservations (full_name, phone, ville, heard_from)
       values ('Awa Ngono', '699000042', 'Douala', 'flyer') returning pass_code, qr_token`,
    );
    window.history.replaceState(null, '', `/pass/${row.pass_code}`);
    render(<App />);
    const pass = await screen.findByRole(
      'article',
      { name: 'Booster Night Party' },
      { timeout: 8000 },
    );
    const qr = within(pass).getByRole('img', { name: /^QR code du pass/ });
    const link = `${window.location.origin}/pass/${row.pass_code}`;
    expect(row.qr_token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(drawn(qr)).toEqual(dark(qrMatrix(`${link}#t=${row.qr_token}`)));
    expect(drawn(qr)).not.toEqual(dark(qrMatrix(link)));
  });
});
