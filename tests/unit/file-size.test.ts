import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Files a reader can take in whole (issue 28): no file over 300 lines in the product's code
 * (src/), the local backend (supabase/local/) and declarative schema (supabase/schemas/), the
 * tooling (build/, bench/, scripts/, eslint/ and the root config files) or the tests (tests/);
 * every decision record under 80 lines, saying its context, decision and consequences
 * (measurement logs go to docs/measurements/). Generated files and migrations live elsewhere
 * (supabase/database.types.ts, supabase/migrations/) and are not counted.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CODE_FOLDERS = [
  'src',
  'supabase/local',
  'supabase/schemas',
  'build',
  'bench',
  'scripts',
  'eslint',
  'tests',
];
/** The root's config files: Vite's, Vitest's (vitest*.ts) and ESLint's. */
const ROOT_CONFIG = /^(vite\.config\.ts|vitest.*\.ts|eslint\.config\.js)$/;
const MAX_CODE_LINES = 300;
const MAX_ADR_LINES = 79;
const ADR_FOLDER = 'docs/decisions';
const ADR_SECTIONS = ['## Context', '## Decision', '## Consequences'];

/**
 * Over the limit for now, each with the reason; an entry that no longer needs to be here fails
 * the test too, so the list only shrinks.
 */
const NOT_YET_SPLIT: Record<string, string> = {};

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

const rootConfigFiles = () =>
  readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && ROOT_CONFIG.test(entry.name))
    .map((entry) => entry.name)
    .sort();

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The files of `texts` (path -> content) longer than `max` lines, with their counts. */
function tooLong(texts: Record<string, string>, max: number): Record<string, number> {
  return Object.fromEntries(
    Object.entries(texts)
      .map(([file, text]) => [file, lineCount(text)] as const)
      .filter(([, lines]) => lines > max),
  );
}

/** The sections an ADR's text lacks. */
function missingSections(text: string): string[] {
  const headings = new Set(text.split('\n').map((line) => line.trim()));
  return ADR_SECTIONS.filter((section) => !headings.has(section));
}

const read = (files: string[]) =>
  Object.fromEntries(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));

describe('file sizes', () => {
  it(`keep every file of ${CODE_FOLDERS.join(', ')} and the root config within ${MAX_CODE_LINES} lines`, () => {
    const files = [...CODE_FOLDERS.flatMap(filesUnder), ...rootConfigFiles()];
    expect(files).toEqual(expect.arrayContaining(['vite.config.ts', 'vitest.e2e.config.ts']));
    const long = tooLong(read(files), MAX_CODE_LINES);
    for (const file of Object.keys(NOT_YET_SPLIT)) delete long[file];
    expect(long, 'Split these files into cohesive modules').toEqual({});
  });

  it('list only files still over the limit as not yet split', () => {
    const stale = Object.keys(NOT_YET_SPLIT).filter(
      (file) => Object.keys(tooLong(read([file]), MAX_CODE_LINES)).length === 0,
    );
    expect(stale, 'Remove these entries from NOT_YET_SPLIT').toEqual([]);
  });

  it(`keep every decision record under ${MAX_ADR_LINES + 1} lines, with its three sections`, () => {
    // The records are NNN-name.md; README.md is their index (tests/unit/decision-records.test.ts).
    const adrs = read(filesUnder(ADR_FOLDER).filter((file) => /\/\d{3}-[^/]+\.md$/.test(file)));
    expect(Object.keys(adrs).length).toBeGreaterThan(20);
    expect(tooLong(adrs, MAX_ADR_LINES), 'Move measurements to docs/measurements/').toEqual({});
    const incomplete = Object.entries(adrs)
      .map(([file, text]) => [file, missingSections(text)] as const)
      .filter(([, missing]) => missing.length > 0);
    expect(Object.fromEntries(incomplete)).toEqual({});
  });

  it('catch a long file and a record without its sections', () => {
    const long = 'line\n'.repeat(MAX_CODE_LINES + 1);
    expect(tooLong({ 'a.ts': long, 'b.ts': 'x\n' }, MAX_CODE_LINES)).toEqual({ 'a.ts': 301 });
    expect(tooLong({ 'c.ts': 'line\n'.repeat(MAX_CODE_LINES) }, MAX_CODE_LINES)).toEqual({});
    expect(missingSections('# 0\n\n## Context\n\nx\n\n## Consequences\n')).toEqual(['## Decision']);
  });
});
