import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the staff pages share is written once (issue 39, item 4): these checks read the sources
 * and name any file that writes it again instead of importing the shared module.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SOURCES = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => {
    const path = join(ROOT, 'src', file);
    return { file: relative(ROOT, path), text: readFileSync(path, 'utf8') };
  });

/** The source files, other than `except`, whose text matches `pattern`. */
const filesMatching = (pattern: RegExp, except: string) =>
  SOURCES.filter(({ file, text }) => file !== except && pattern.test(text)).map((s) => s.file);

describe('written once', () => {
  it('reads the network state only in src/lib/use-online.ts', () => {
    expect(filesMatching(/navigator\.onLine|['"]online['"]/, 'src/lib/use-online.ts')).toEqual([]);
  });

  it('keeps data on the device only through src/lib/offline-store.ts', () => {
    expect(filesMatching(/idb-keyval|\bindexedDB\b/, 'src/lib/offline-store.ts')).toEqual([]);
  });
});
