import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The product specification (SPEC.md, beside the project's folder), read by the tests that hold
 * the interface to its words: tests/unit/specification-words.test.ts (every quoted UI string is
 * in src/) and tests/unit/french-voice.test.ts (the typography rules skip the specification's own
 * strings).
 */
export const SPEC = readFileSync(
  join(import.meta.dirname, '..', '..', '..', 'shared', 'SPEC.md'),
  'utf8',
);

/**
 * Every '…' string of the specification, in order of appearance. A quote opens after a non-letter
 * and closes before one, so the apostrophes inside a word ("L'email", "d'espace") stay inside.
 */
export function quotedStrings(spec = SPEC): string[] {
  const found = [...spec.matchAll(/(?<!\p{L})'(.+?)'(?!\p{L})/gu)].map((m) => m[1]);
  return [...new Set(found)];
}

/** The specification's line that starts with `start` (after a list's "- "), or an error. */
export function specLine(start: string, spec = SPEC): string {
  const line = spec.split('\n').find((l) => l.replace(/^- /, '').startsWith(start));
  if (!line) throw new Error(`SPEC.md has no line starting with "${start}"`);
  return line;
}
