import words from '../fixtures/specification.json';

/**
 * The product specification's exact words and constants, as the tests hold the interface to them:
 * tests/unit/specification-words.test.ts (every quoted UI string is in src/, the CSV columns, the
 * toasts) and tests/unit/french-voice.test.ts (the typography rules skip the specification's own
 * strings). The specification itself lives outside this repository; its words are written down in
 * tests/fixtures/specification.json so that a clone tests alone (no test reads outside the
 * repository: tests/unit/stands-alone.test.ts).
 */
export const SPECIFICATION = words;

/** Every '…' string of the specification, in order of appearance. */
export function quotedStrings(): string[] {
  return [...words.quoted];
}

/**
 * Text the specification gives verbatim: one of its quoted strings, or one of the longer passages
 * of its prose that the interface repeats word for word (a word such as "Email" alone is not).
 */
export function isVerbatim(text: string): boolean {
  return words.quoted.includes(text) || words.verbatimPassages.includes(text);
}
