import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import walls of eslint.config.js (docs/decisions/003-feature-folders-and-data-module.md),
 * each shown to refuse a deliberate bad import written in a scratch file of the folder it guards
 * (linted as text with the project's own configuration, never written to disk), and to let the
 * allowed ones through.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const RULES = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary messages of a scratch file at `path` (under src/) that imports `specifier`. */
async function boundaryErrors(path: string, specifier: string, typeOnly = false) {
  const code = typeOnly
    ? `import type { A } from '${specifier}';\nexport type B = A;\n`
    : `import { a } from '${specifier}';\nexport const b = a;\n`;
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, 'src', path) });
  return result.messages.filter((m) => m.ruleId && RULES.includes(m.ruleId)).map((m) => m.message);
}

describe('admin folders import no other admin folder', () => {
  it.each([
    ['features/admin/dashboard/scratch.ts', '../participants/ParticipantActions'],
    ['features/admin/dashboard/scratch.ts', '@/features/admin/participants/ParticipantActions'],
    ['features/admin/journal/scratch.tsx', '../participants/status-labels'],
    ['features/admin/stats/scratch.ts', '../reservations/reservation-states'],
    // The domain-free folders import no domain folder either.
    ['features/admin/ui/scratch.tsx', '../participants/status-labels'],
    ['features/admin/ui/scratch.tsx', '../workspace/use-staff-role'],
    ['features/admin/workbook/scratch.ts', '../reservations/reservation-states'],
    ['features/admin/workspace/scratch.ts', '@/features/admin/settings/PurgeBanner'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([
      expect.stringContaining('An admin folder imports no other admin folder'),
    ]);
  });

  it.each([
    ['features/admin/dashboard/scratch.ts', '../ui/ListPage'],
    ['features/admin/dashboard/scratch.ts', '../workspace/use-staff-role'],
    ['features/admin/participants/scratch.ts', '../workbook/readable-export'],
    ['features/admin/participants/scratch.ts', './status-labels'],
    ['features/admin/workspace/scratch.ts', '../ui/ListState'],
    ['features/admin/reservations/scratch.ts', '@/data/door/mutations'],
  ])('%s may import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([]);
  });
});

describe('data domains import no other domain, only src/data/shared', () => {
  it.each([
    ['data/reservations/scratch.ts', '@/data/participants/types'],
    ['data/reservations/scratch.ts', '../participants/types'],
    ['data/door/scratch.ts', '@/data/staff/door-sign-in'],
    ['data/journal/scratch.ts', '../participants/keys'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([
      expect.stringContaining('A data domain imports no other domain'),
    ]);
  });

  it('a type-only import across domains is refused too', async () => {
    expect(
      await boundaryErrors('data/edition/scratch.ts', '@/data/reservations/types', true),
    ).toEqual([expect.stringContaining('A data domain imports no other domain')]);
  });

  it('the shared module imports no domain', async () => {
    expect(await boundaryErrors('data/shared/scratch.ts', '@/data/participants/types')).toEqual([
      expect.stringContaining('src/data/shared imports no data domain'),
    ]);
  });

  it.each([
    ['data/reservations/scratch.ts', '@/data/shared/staff-role'],
    ['data/reservations/scratch.ts', '../shared/query-roots'],
    ['data/reservations/scratch.ts', './mappers'],
    ['data/reservations/scratch.ts', '../../../supabase/database.types'],
    ['data/shared/scratch.ts', './supabase'],
  ])('%s may import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([]);
  });

  it('a data domain imports no feature (the older wall still holds)', async () => {
    expect(
      await boundaryErrors('data/participants/scratch.ts', '@/features/admin/ui/ListPage'),
    ).toEqual([expect.stringContaining('imports no feature')]);
  });
});

describe('TanStack Query stays out of the public code and the plain calls', () => {
  it.each([
    ['features/home/scratch.tsx', '@tanstack/react-query'],
    ['components/contact/scratch.ts', '@tanstack/react-query'],
    ['features/reservation/scratch.ts', '@/data/reservations/queries'],
    ['features/door/scratch.ts', '@/data/door/mutations'],
    ['data/participants/list-scratch.ts', '@tanstack/react-query'],
    ['data/participants/list-scratch.ts', './queries'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([
      expect.stringMatching(/TanStack Query|for the administration only/),
    ]);
  });

  it.each([
    ['data/participants/queries.ts', '@tanstack/react-query', false],
    ['data/participants/pipeline-mutations.ts', '@tanstack/react-query', false],
    ['features/admin/dashboard/scratch.ts', '@tanstack/react-query', false],
    // Type-only: no code of the library reaches the chunk.
    ['data/shared/scratch.ts', '@tanstack/react-query', true],
  ] as const)('%s may import %s (type only: %s)', async (path, specifier, typeOnly) => {
    expect(await boundaryErrors(path, specifier, typeOnly)).toEqual([]);
  });
});

describe('the layout the walls rely on', () => {
  const files = (dir: string): string[] =>
    readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    );

  it('src/data holds folders only: each domain and the shared module', () => {
    const loose = readdirSync(join(ROOT, 'src/data'), { withFileTypes: true }).filter(
      (e) => !e.isDirectory(),
    );
    expect(loose.map((e) => e.name)).toEqual([]);
  });

  it('no barrel file (index.ts) anywhere in src', () => {
    expect(files('src').filter((f) => /(^|\/)index\.tsx?$/.test(f))).toEqual([]);
  });
});
