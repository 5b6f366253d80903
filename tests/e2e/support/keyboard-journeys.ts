/**
 * Shared by the keyboard-only journeys of issue 15 (tests/e2e/keyboard-*.e2e.ts): their people,
 * form helpers, and the key presses counted per journey.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { KeyboardUser } from './keyboard';
import { ROOT } from './server';

export const ADMIN_EMAIL = 'admin@booster-challenge.local';
export const ADMIN_PASSWORD = 'BoosterAdmin2025';

/** People of their own (phones and e-mails are unique in the database the e2e files share). */
export const GUEST = { name: 'Invitée Clavier Ndzana', phone: '699551201', city: 'Kribi' };
export const TEAM = {
  leader: 'Responsable Clavier Abega',
  email: 'clavier.abega@example.cm',
  phone: '677551202',
  city: 'Bafia',
  teamName: 'Les Touches E2E',
  member: 'Membre Clavier Onana',
  memberPhone: '655551203',
};
export const CONTACT = {
  name: 'Visiteur Clavier',
  email: 'visiteur.clavier@example.cm',
  subject: 'Question au clavier',
  message: 'Bonjour, à quelle heure ouvrent les portes de la Night Party ?',
};

const results: KeyboardUser[] = [];

/**
 * Prints this file's key presses per journey after its tests, and merges them into
 * test-artifacts/keyboard-journeys.json (one entry per journey, whichever file ran it).
 */
export function reportKeyPressesAfterAll(): void {
  afterAll(() => {
    console.log('\nKey presses per journey (keyboard only)');
    console.table(results.map((r) => r.summary()));
    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    const file = join(ROOT, 'test-artifacts', 'keyboard-journeys.json');
    const earlier: { journey: string }[] = existsSync(file)
      ? JSON.parse(readFileSync(file, 'utf8'))
      : [];
    const mine = results.map((r) => ({
      ...r.summary(),
      losses: r.stepsThat('lost'),
      misplaced: r.stepsThat('misplaced'),
      steps: r.steps,
    }));
    const kept = earlier.filter((e) => !mine.some((m) => m.journey === e.journey));
    writeFileSync(file, `${JSON.stringify([...kept, ...mine], null, 2)}\n`);
  });
}

/** Resolves once React has hydrated (or rendered) `selector`: a key press then reaches React. */
export async function interactive(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const el = document.querySelector(sel);
      return el !== null && Object.keys(el).some((key) => key.startsWith('__reactProps'));
    },
    selector,
    { timeout: 20_000 },
  );
}

/** A form control by its label (a RegExp's source, or a plain label), with or without its " *". */
export const field = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByLabel(
    new RegExp(
      `^${typeof label === 'string' ? label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : label.source}(\\s*\\*)?$`,
    ),
  );
/** "E-mail" (the glossary's spelling; "Email" before it). */
export const EMAIL = /E-?mail/;
export const EMAIL_FIELD = /^E-?mail$/;

/** A journey's keyboard user, reported (steps and counts) even when the journey fails. */
export function keyboardUser(page: Page, journey: string): KeyboardUser {
  const user = new KeyboardUser(page, journey);
  results.push(user);
  return user;
}

export function report(user: KeyboardUser) {
  console.log(`\n${user.journey}: ${user.total} key presses`);
  console.table(user.steps);
}
