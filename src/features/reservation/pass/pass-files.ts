import { NIGHT_PARTY_LOGO } from '@/components/brand/Logo';
import { downloadFile } from '@/lib/download';
import { formatEventDate, formatEventTime } from '@/lib/dates';
import type { Pass } from '@/data/reservations/pass';
import { groupedCode, passQrText, passUrl } from './pass-links';
import { qrMatrix } from '@/components/ui/QrCode';

const EVENT_NAME = 'Booster Night Party';

/** A UTC date as the [y, m, d, h, min] array the ics library takes. */
const utcParts = (iso: string): [number, number, number, number, number] => {
  const d = new Date(iso);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
  ];
};

/**
 * "Ajouter à mon agenda": an .ics file (the ics library, loaded on click only) that every
 * phone's calendar opens: the concert's start, six hours, the venue and the pass link.
 */
export async function downloadCalendarFile(pass: Pass): Promise<void> {
  const { createEvent } = await import('ics');
  const { value, error } = createEvent({
    title: EVENT_NAME,
    start: utcParts(pass.concertStartsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { hours: 6 },
    location: `${pass.venueName}, ${pass.venueAddress}`,
    url: passUrl(pass.code),
    description: `Pass ${groupedCode(pass.code)} : ${passUrl(pass.code)}. Ouverture des portes à ${formatEventTime(pass.doorsOpenAt)}.`,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('ics');
  downloadFile(`booster-night-party-${pass.code}.ics`, value, 'text/calendar;charset=utf-8');
}

const W = 1080;
const H = 1500;

/** The Night Party logo for the pass image, or null when it cannot load (offline). */
async function loadLogo(): Promise<HTMLImageElement | null> {
  const { src, width, height } = NIGHT_PARTY_LOGO;
  const image = new Image(width, height);
  image.src = src;
  try {
    await image.decode();
    return image;
  } catch {
    return null;
  }
}

/**
 * "Enregistrer mon pass": a PNG of the pass (name, date, venue, QR code, code) drawn on a canvas,
 * downloaded to the phone, where it lands in the gallery: it shows at the door without network.
 */
export async function downloadPassImage(pass: Pass): Promise<void> {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas');
  const gradient = ctx.createLinearGradient(0, 0, W, H);
  gradient.addColorStop(0, '#030712');
  gradient.addColorStop(1, '#3c0366');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, W, H);

  ctx.textAlign = 'center';
  const logo = await loadLogo();
  ctx.fillStyle = '#ffffff';
  if (logo) {
    const height = 120;
    const width = (logo.width / logo.height) * height;
    ctx.drawImage(logo, (W - width) / 2, 40, width, height);
  } else {
    ctx.font = 'bold 84px system-ui, sans-serif';
    ctx.fillText(EVENT_NAME, W / 2, 130);
  }
  ctx.fillStyle = '#fdc700';
  ctx.font = 'bold 44px system-ui, sans-serif';
  ctx.fillText('PASS · ENTRÉE GRATUITE', W / 2, 235);
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 64px system-ui, sans-serif';
  ctx.fillText(pass.firstName, W / 2, 320);
  ctx.font = '40px system-ui, sans-serif';
  ctx.fillText(formatEventDate(pass.concertStartsAt), W / 2, 395);
  ctx.fillText(
    `Portes ${formatEventTime(pass.doorsOpenAt)} · Début ${formatEventTime(pass.concertStartsAt)}`,
    W / 2,
    450,
  );
  ctx.fillText(pass.venueName, W / 2, 505);

  const matrix = qrMatrix(passQrText(pass));
  const side = 760;
  const cell = Math.floor(side / matrix.length);
  const qrSide = cell * matrix.length;
  const left = (W - qrSide) / 2;
  const top = 570;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(left, top, qrSide, qrSide);
  ctx.fillStyle = '#000000';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) ctx.fillRect(left + x * cell, top + y * cell, cell, cell);
    }),
  );
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 72px ui-monospace, monospace';
  ctx.fillText(groupedCode(pass.code), W / 2, top + qrSide + 110);

  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('png');
  downloadFile(`pass-booster-night-party-${pass.code}.png`, blob, 'image/png');
}
