/**
 * Issue 15, beyond axe:
 * 1. Reflow (WCAG 1.4.10): every page and state at 320 px with text at 200 % (the root font size,
 *    see support/reflow.ts), at 1280 px with text at 200 %, and at 360 px at 100 %: no sideways
 *    scrolling, nothing off screen or sticking out of its box (tables scroll inside their own
 *    region); at 100 % no word of a button, link or label is split. /admin/stats also at 320 px.
 * 2. Contrast measured on the pixels (support/pixels.ts) of the texts over gradients and images
 *    (home hero, category cards, concert band, the Night Party hero, the pass), at 360 and 1280 px.
 * 3. Focus indicators: at least 3:1 against the pixels on both sides and against the unfocused
 *    state, for the main buttons, links and cards.
 * 4. Toasts at 360 px: French names, one status, top-right, 5000 ms, paused by focus (SPEC §9).
 * Screenshots: test-artifacts/screenshots/reflow-*.png; figures: test-artifacts/contrast.json.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backendAvailable,
  launchChromium,
  openSession,
  SCREENSHOT_DIR,
  settle,
  type Session,
} from './support/browser';
import { contrast, focusRingContrast, PngDecoder, textContrasts, type Rgb } from './support/pixels';
import { describeReflow, enlargeText, measureReflow } from './support/reflow';
import { ROOT } from './support/server';

const ADMIN = { email: 'admin@booster-challenge.local', password: 'BoosterAdmin2025' };
const DOOR = { email: 'porte@booster-challenge.local', password: 'BoosterPorte2025' };
const FIGURES = join(ROOT, 'test-artifacts', 'contrast.json');

type Who = 'visitor' | 'admin' | 'door';
type State = { name: string; who: Who; path: string; then?: (page: Page) => Promise<void> };

const RECAP = {
  fullName: 'Chef Équipe Mbarga-Ndjomo',
  category: 'dance',
  participationType: 'team',
  teamName: 'Les Lions de la Sanaga',
  members: ['Membre Fotso', 'Membre Ekotto'],
  reference: '3F2A9C1B',
};

const submit = (name: string) => async (page: Page) => {
  await page.getByRole('button', { name }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
};

/** Every page, and the states that change its layout (choices made, errors shown, a recap). */
const STATES: State[] = [
  { name: 'accueil', who: 'visitor', path: '/' },
  { name: 'inscription-solo', who: 'visitor', path: '/inscription/?category=dance&type=solo' },
  {
    name: 'inscription-equipe',
    who: 'visitor',
    path: '/inscription/?category=singing&type=team',
    then: async (page) => {
      if ((await page.getByText('Membre 1', { exact: true }).count()) === 0)
        await page.getByRole('button', { name: '+ Ajouter un membre' }).click();
      await page.getByText('Membre 1', { exact: true }).waitFor();
    },
  },
  {
    name: 'inscription-erreurs',
    who: 'visitor',
    path: '/inscription/?type=team',
    then: submit('Valider mon inscription'),
  },
  {
    name: 'faq',
    who: 'visitor',
    path: '/faq/',
    then: (page) => page.locator('main h2 button').first().click(),
  },
  {
    name: 'contact-erreurs',
    who: 'visitor',
    path: '/contact/',
    then: submit('Envoyer le message'),
  },
  {
    name: 'inscription-reussie',
    who: 'visitor',
    path: '/',
    // /success recaps what the navigation's state carries (a registration just made).
    then: async (page) => {
      await page.evaluate((recap) => {
        window.history.pushState({ usr: { recap }, key: 'e2e-recap', idx: 1 }, '', '/success/');
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
      }, RECAP);
      await page.getByRole('heading', { name: 'Votre inscription' }).waitFor();
    },
  },
  { name: 'night-party', who: 'visitor', path: '/night-party/' },
  {
    name: 'night-party-erreurs',
    who: 'visitor',
    path: '/night-party/',
    then: submit('Réserver ma place'),
  },
  { name: 'reservation-reussie', who: 'visitor', path: '/reservation-success/?pass=FETE234567' },
  { name: 'pass', who: 'visitor', path: '/pass/FETE234567/' },
  { name: 'reglement', who: 'visitor', path: '/reglement/' },
  { name: 'page-inconnue', who: 'visitor', path: '/page-qui-n-existe-pas/' },
  {
    name: 'admin-connexion-erreurs',
    who: 'visitor',
    path: '/admin/login/',
    then: submit('Se connecter'),
  },
  {
    name: 'porte-connexion-erreurs',
    who: 'visitor',
    path: '/porte/',
    then: submit('Se connecter'),
  },
  { name: 'porte-controle', who: 'door', path: '/porte/' },
  { name: 'admin-tableau-de-bord', who: 'admin', path: '/admin/' },
  { name: 'admin-participants', who: 'admin', path: '/admin/participants/' },
  {
    name: 'admin-participant',
    who: 'admin',
    path: '/admin/participants/',
    then: async (page) => {
      await page.getByRole('link', { name: /^Voir/ }).first().click();
      await page.getByRole('heading', { name: 'Informations personnelles' }).waitFor();
    },
  },
  {
    name: 'admin-participant-modification',
    who: 'admin',
    path: '/admin/participants/',
    then: async (page) => {
      await page.getByRole('link', { name: /^Voir/ }).first().click();
      await page
        .getByRole('button', { name: /^Modifier/ })
        .first()
        .click();
      await page.getByRole('form', { name: 'Modifier le participant' }).waitFor();
    },
  },
  { name: 'admin-reservations', who: 'admin', path: '/admin/reservations/' },
  { name: 'admin-messages', who: 'admin', path: '/admin/messages/' },
  { name: 'admin-stats', who: 'admin', path: '/admin/stats/' },
  { name: 'admin-presence', who: 'admin', path: '/admin/presence/' },
  { name: 'admin-journal', who: 'admin', path: '/admin/journal/' },
  { name: 'admin-corbeille', who: 'admin', path: '/admin/corbeille/' },
  { name: 'admin-parametres', who: 'admin', path: '/admin/parametres/' },
];

/**
 * The pages the issue found broken, screenshotted at 320 px with text at 200 %, scrolled to what
 * overflowed (test-artifacts/screenshots/reflow-before-*.png: the same before the fixes).
 */
const SHOWN = new Map([
  ['accueil', 'section[aria-labelledby="categories"] article'],
  ['inscription-equipe', 'fieldset'],
  ['night-party', '#reservation-form'],
  ['admin-participant', 'dl'],
  ['admin-tableau-de-bord', 'h1'],
]);

async function signIn(page: Page, path: string, who: { email: string; password: string }) {
  await page.goto(path);
  await page.getByLabel(/^E-?mail/).fill(who.email);
  await page.getByLabel(/^Mot de passe/).fill(who.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

async function shoot(page: Page, name: string, scrollTo?: string) {
  if (scrollTo)
    await page
      .locator(scrollTo)
      .first()
      .evaluate((el) => el.scrollIntoView());
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `reflow-${name}.png`) });
}

const LAYOUTS = [
  { label: '320 px, text 200 %', width: 320, text: 200, states: STATES },
  { label: '1280 px, text 200 %', width: 1280, text: 200, states: STATES },
  { label: '360 px, text 100 %', width: 360, text: 100, states: STATES },
  {
    label: '320 px, text 100 %',
    width: 320,
    text: 100,
    states: STATES.filter((s) => s.name === 'admin-stats'),
  },
];

describe.each(LAYOUTS)('reflow at $label', ({ width, text, states }) => {
  let browser: Browser;
  const sessions = {} as Record<Who, Session>;

  beforeAll(async () => {
    browser = await launchChromium();
    for (const who of ['visitor', 'admin', 'door'] as const) {
      const session = await openSession(browser, width >= 1024 ? 'desktop' : 'phone');
      await session.page.setViewportSize({ width, height: 800 });
      if (text !== 100) await enlargeText(session.context, text);
      sessions[who] = session;
    }
    if (!backendAvailable()) return;
    await signIn(sessions.admin.page, '/admin/login/', ADMIN);
    await sessions.admin.page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await signIn(sessions.door.page, '/porte/', DOOR);
    await sessions.door.page.getByRole('button', { name: 'Déconnexion' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.for(states)('$name', async (state, ctx) => {
    if (state.who !== 'visitor' && !backendAvailable())
      ctx.skip('embedded backend not mounted on vite preview');
    const { page } = sessions[state.who];
    await page.goto(state.path);
    await settle(page);
    await state.then?.(page);
    await page.waitForLoadState('networkidle');
    const reflow = await measureReflow(page);
    const label = `${state.name} at ${width} px, text ${text} %`;
    if (width === 320 && text === 200 && SHOWN.has(state.name))
      await shoot(page, state.name, SHOWN.get(state.name));
    if (width === 1280 && text === 200 && state.name === 'admin-tableau-de-bord')
      await shoot(page, `${state.name}-1280`);
    expect(reflow.scrollWidth, describeReflow(label, reflow)).toBeLessThanOrEqual(
      reflow.innerWidth,
    );
    expect(reflow.offScreen, describeReflow(label, reflow)).toEqual([]);
    expect(reflow.overflowing, describeReflow(label, reflow)).toEqual([]);
    if (text === 100) expect(reflow.brokenWords, `${label}: words split`).toEqual([]);
  });
});

/** Where text sits on gradients, images or translucent layers. */
const OVER_ART: { page: string; name: string; containers: (page: Page) => Locator }[] = [
  {
    page: '/',
    name: 'accueil : bandeau',
    containers: (p) => p.locator('section').filter({ has: p.getByRole('heading', { level: 1 }) }),
  },
  {
    page: '/',
    name: 'accueil : cartes des catégories',
    containers: (p) => p.locator('section[aria-labelledby="categories"] article'),
  },
  {
    page: '/',
    name: 'accueil : bande Night Party',
    containers: (p) => p.locator('section[aria-labelledby="night-party"]'),
  },
  {
    page: '/',
    name: 'en-tête et pied de page',
    containers: (p) => p.locator('body header, footer'),
  },
  {
    page: '/night-party/',
    name: 'Night Party : bandeau',
    containers: (p) => p.locator('section').filter({ has: p.getByRole('heading', { level: 1 }) }),
  },
  {
    page: '/pass/FETE234567/',
    name: 'pass',
    containers: (p) => p.locator('article[aria-labelledby="pass-title"] > header'),
  },
];

describe.each([
  { width: 360, viewport: 'phone' as const },
  { width: 1280, viewport: 'desktop' as const },
])('contrast on the pixels at $width px', ({ width, viewport }) => {
  let browser: Browser;
  let session: Session;
  let decoder: PngDecoder;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, viewport);
    decoder = new PngDecoder(session.context);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(OVER_ART.map((a) => [a.name, a] as const))('texts: %s', async (_name, area) => {
    const { page } = session;
    await page.goto(area.page);
    await settle(page);
    const containers = await area.containers(page).all();
    expect(containers.length).toBeGreaterThan(0);
    const measured = [];
    for (const container of containers) measured.push(...(await textContrasts(container, decoder)));
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    appendFileSync(FIGURES, `${JSON.stringify({ width, area: area.name, texts: measured })}\n`);
    const failing = measured.filter((t) => t.ratio < t.required);
    expect(measured.length).toBeGreaterThan(0);
    expect(
      failing,
      failing
        .map(
          (t) => `${t.ratio}:1 < ${t.required}:1 ${t.colour} on ${t.worstBackground} "${t.text}"`,
        )
        .join('\n'),
    ).toEqual([]);
  });

  it('focus indicators of the main buttons, links and cards', async () => {
    const { page } = session;
    const rings: [string, Locator, Locator?][] = [];
    const measure = async (path: string, list: (p: Page) => [string, Locator, Locator?][]) => {
      await page.goto(path);
      await settle(page);
      for (const [name, target, ring] of list(page)) {
        const r = await focusRingContrast(page, decoder, target, ring);
        rings.push([name, target, ring]);
        appendFileSync(FIGURES, `${JSON.stringify({ width, focus: name, ...r })}\n`);
        const min = Math.min(r.inner, r.outer, r.change);
        expect(
          min,
          `${name}: ring ${r.ring}, inner ${r.inner}, outer ${r.outer}, change ${r.change}`,
        ).toBeGreaterThanOrEqual(3);
      }
    };
    const card = (p: Page, name: RegExp) => {
      const radio = p.getByRole('radio', { name });
      return [radio, p.locator('label').filter({ has: radio })] as const;
    };
    await measure('/inscription/?type=team', (p) => [
      ['carte « Danse »', ...card(p, /^Danse/)],
      ['carte « Équipe » cochée', ...card(p, /^Équipe/)],
      ['champ « Nom complet »', p.getByLabel(/^Nom complet/).first()],
      ['bouton « Ajouter un membre »', p.getByRole('button', { name: /Ajouter un membre/ })],
      [
        'bouton « Valider mon inscription »',
        p.getByRole('button', { name: 'Valider mon inscription' }),
      ],
    ]);
    await measure('/', (p) => [
      ['bandeau : premier bouton', p.locator('main section').first().getByRole('link').first()],
      [
        'carte « Danse » : lien',
        p.locator('section[aria-labelledby="categories"] article').first().getByRole('link'),
      ],
      [
        'bande Night Party : lien',
        p.locator('section[aria-labelledby="night-party"]').getByRole('link').first(),
      ],
      [
        'en-tête : menu ou navigation',
        viewport === 'phone'
          ? p.getByRole('button', { name: 'Ouvrir le menu' })
          : p.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link').first(),
      ],
    ]);
    await measure('/night-party/', (p) => [
      ['bouton « Réserver ma place »', p.getByRole('button', { name: 'Réserver ma place' })],
    ]);
    await measure('/pass/FETE234567/', (p) => [
      ['bouton « Enregistrer mon pass »', p.getByRole('button', { name: 'Enregistrer mon pass' })],
    ]);
    expect(rings.length).toBe(11);
  });
});

describe('toasts on a phone', () => {
  let browser: Browser;
  let session: Session;

  beforeAll(async () => {
    browser = await launchChromium();
    session = await openSession(browser, 'phone');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('French names, one status, top-right, 5000 ms, paused while focused', async (ctx) => {
    if (!backendAvailable()) ctx.skip('embedded backend not mounted on vite preview');
    const { page } = session;
    await page.goto('/night-party/');
    await settle(page);
    await page.getByLabel(/^Nom complet/).fill('Invitée Toast Mbida');
    await page.getByLabel(/^Téléphone/).fill('698777301');
    await page.getByLabel(/^Ville/).fill('Douala');
    await page
      .getByRole('radiogroup', { name: /Comment avez-vous entendu parler/ })
      .getByLabel('Réseaux sociaux')
      .check();
    await page.getByRole('button', { name: 'Réserver ma place' }).click();
    const text = 'Réservation enregistrée avec succès !';
    const toast = page.getByRole('status').filter({ hasText: text });
    await toast.waitFor();
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname.startsWith('/reservation-success'));
    // The new page takes the focus to its heading (route focus, which may move it once more as
    // the page settles: a moment's wait); then the keyboard goes to the toast, before the checks
    // below, which take longer than a toast lives (5000 ms) on a busy machine.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await page.waitForTimeout(300);
    const close = toast.getByRole('button', { name: 'Fermer la notification' });
    await close.focus();
    const focusedAt = Date.now() - shownAt;

    const region = page.getByRole('region', { name: 'Notifications (Alt+T)' });
    await expect.poll(() => region.count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: text }).count(), 'announced once').toBe(
      0,
    );
    // Its layout size: the box on screen is scaled by the toast's entry animation for a moment
    // (43.99993 px high in one run).
    const closeSize = await close.evaluate((el: HTMLElement) => [el.offsetWidth, el.offsetHeight]);
    expect(closeSize[0]).toBeGreaterThanOrEqual(44);
    expect(closeSize[1]).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole('progressbar').count(), 'no English "notification timer"').toBe(0);

    // Top-right on a phone too, as the specification says: at the top, against the right edge
    // (within the container's small margin).
    const toastBox = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(toastBox?.y ?? Infinity).toBeLessThan(40);
    expect(Math.round((toastBox?.x ?? 0) + (toastBox?.width ?? 0))).toBeGreaterThanOrEqual(
      width - 8,
    );
    await page.waitForTimeout(1000); // the toast's entrance
    await shoot(page, 'toast-360');
    // Its message is dark on the toast's white (it once inherited the container's white).
    const [colour, background] = await toast.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.color, style.backgroundColor];
    });
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number) as Rgb;
    expect(contrast(rgb(colour), rgb(background))).toBeGreaterThanOrEqual(4.5);

    // Kept while the keyboard focus is in it (since just after it showed), past the 5000 ms;
    // gone once the focus leaves.
    await page.waitForTimeout(Math.max(0, shownAt + 7000 - Date.now()));
    const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80));
    expect(await toast.isVisible(), `paused while focused (from ${focusedAt} ms, ${active})`).toBe(
      true,
    );
    await page.getByRole('heading', { level: 1 }).click();
    await toast.waitFor({ state: 'detached', timeout: 7000 });
    expect(session.pageErrors).toEqual([]);
  });
});

// A fresh figures file per run.
mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
writeFileSync(FIGURES, '');
