/**
 * Shared by the pass → door journey (tests/e2e/door.e2e.ts): the seed's door account and demo
 * passes, a reservation through the API, the fake camera's picture, and what the door shows.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LOCAL_ANON_KEY } from '../../../src/config/local-backend';
import { solveProofOfWork } from '../../setup/proof-of-work';
import { baseUrl } from './browser';
import { ROOT } from './server';
import { focusRingContrast } from './focus-ring';
import { PngDecoder } from './pixels';

// The seed's door account and demo passes (supabase/seed.sql, README "Door staff").
export const DOOR_EMAIL = 'porte@booster-challenge.local';
export const DOOR_PASSWORD = 'BoosterPorte2025';
export const WAITLISTED_PASS = 'FETE234568';
export const CANCELLED_PASS = 'FETE234569';

/** The `code` of each check_in the page sends from now on (a QR's token since ADR 042). */
export function checkInCodes(page: Page): string[] {
  const codes: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/rpc/check_in')) codes.push(String(r.postDataJSON()?.code));
  });
  return codes;
}

/** A reservation made through the API as a visitor's browser would; returns its pass code. */
export async function reserveThroughApi(name: string, phone: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/rest/v1/rpc/create_reservation`, {
    method: 'POST',
    headers: {
      apikey: LOCAL_ANON_KEY,
      authorization: `Bearer ${LOCAL_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      payload: {
        id: crypto.randomUUID(),
        full_name: name,
        phone,
        ville: 'Douala',
        attendance_status: 'yes',
        heard_from: 'flyer',
        will_attend: 'yes',
        attendance_barrier: 'none',
        follows_booster_page: 'yes',
        consumes_booster_products: 'no',
        website: '',
        pow: await solveProofOfWork(baseUrl()),
      },
    }),
  });
  const body = (await res.json()) as { sent_to?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return passCodeSentTo(phone);
}

/**
 * The code of the pass whose link was last sent to `phone`: the answer to a reservation names no
 * code, the pass goes to the phone by message (docs/decisions/039-one-answer-and-votes-that-
 * cannot-be-bought.md). Read as the seed's admin sees the outbox (the message's body).
 */
export async function passCodeSentTo(phone: string): Promise<string> {
  const post = async (path: string, body: unknown, token = LOCAL_ANON_KEY) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json;
  };
  const auth = await post('/auth/v1/token?grant_type=password', {
    email: 'admin@booster-challenge.local',
    password: 'BoosterAdmin2025',
  });
  const page = await post(
    '/rest/v1/rpc/outbox_list',
    { template: 'pass_recovery', page_size: 200 },
    String(auth.access_token),
  );
  const sent = (page.rows as { recipient: string; body: string }[]).filter(
    (row) => row.recipient === phone,
  );
  return /\/pass\/([2-9A-HJKMNP-Z]{10})/.exec(sent[0]?.body ?? '')?.[1] ?? '';
}

/**
 * A one-frame Y4M video (what Chromium's fake camera plays, in a loop) of `png` centred on a
 * white 640×480 picture, as a phone held over the pass would see it. The PNG is turned into
 * grey levels by the browser itself (no image library here).
 */
export async function fakeCameraFile(page: Page, png: Buffer, name: string): Promise<string> {
  const [W, H] = [640, 480];
  const luma = await page.evaluate(
    async ({ data, W, H }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${data}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [W, H];
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, W, H);
      ctx.imageSmoothingEnabled = false;
      const side = Math.min(400, W, H);
      ctx.drawImage(img, (W - side) / 2, (H - side) / 2, side, side);
      const rgba = ctx.getImageData(0, 0, W, H).data;
      let grey = '';
      for (let i = 0; i < rgba.length; i += 4)
        grey += String.fromCharCode(
          Math.round(0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2]),
        );
      return btoa(grey);
    },
    { data: png.toString('base64'), W, H },
  );
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const file = join(ROOT, 'test-artifacts', `${name}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`),
      Buffer.from(luma, 'base64'),
      chroma,
      chroma,
    ]),
  );
  return file;
}

/** The scans waiting in the door's IndexedDB queue (src/features/door/scan-queue.ts). */
export const queuedInIndexedDb = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('booster-door');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('pending-scans').objectStore('pending-scans').count();
          count.onsuccess = () => (resolve(count.result), db.close());
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** "12 / 40" → 12. */
export async function entered(page: Page): Promise<number> {
  const text = await page.locator('dd').first().textContent();
  return Number(/^(\d+) \//.exec(text ?? '')?.[1] ?? NaN);
}

/**
 * The door page without a door list (issue 31): its download refused and the stored list
 * deleted, then the page reloaded: offline, a scan can only be queued.
 */
export async function withoutDoorList(page: Page, context: BrowserContext) {
  await context.route('**/rest/v1/rpc/door_list', (route) => route.abort());
  await page.evaluate(
    () =>
      new Promise((done) => {
        const request = indexedDB.deleteDatabase('booster-door-list');
        request.onsuccess = request.onerror = request.onblocked = () => done(null);
      }),
  );
  await page.reload();
  await page.getByText(/^Liste des pass pas encore téléchargée/).waitFor();
}

/** The focus ring of `target` once it has the keyboard focus, measured on the pixels. */
export async function keyboardFocusRing(page: Page, context: BrowserContext, target: Locator) {
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const decoder = new PngDecoder(context);
  try {
    return await focusRingContrast(page, decoder, target);
  } finally {
    await decoder.close();
  }
}
