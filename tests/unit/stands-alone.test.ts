import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A clone stands alone: `git clone && npm ci && npm test` passes with nothing beside it, so no
 * test, script, benchmark or build step reads a path outside the repository (the product
 * specification's words the tests need are in tests/fixtures/specification.json). Each tracked
 * code file's paths built from its own folder (`join(import.meta.dirname, '..', …)`,
 * `new URL('../…', import.meta.url)`) must resolve inside the repository, and no file names the
 * folder the specification sits in beside it.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
/** This file, whose examples below name the very paths it looks for. */
const SELF = relative(ROOT, import.meta.filename);
const CODE = /\.(?:[cm]?[jt]sx?|sh)$|^\.ci\/run$/;

function trackedCode(): string[] {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE.test(file) && file !== SELF);
}

/** The places in `source` (a file at `file`, relative to `root`) that reach outside `root`. */
function escapes(file: string, source: string, root = ROOT): string[] {
  const folder = dirname(join(root, file));
  const outside = (target: string) => {
    const rel = relative(root, target);
    return rel === '..' || rel.startsWith(`..${sep}`);
  };
  const found: string[] = [];
  const joined =
    /\b(?:join|resolve)\(\s*(?:import\.meta\.dirname|__dirname)((?:\s*,\s*'[^']*')+)\s*[,)]/g;
  for (const m of source.matchAll(joined)) {
    const parts = [...m[1].matchAll(/'([^']*)'/g)].map((p) => p[1]);
    if (outside(resolve(folder, ...parts))) found.push(m[0]);
  }
  for (const m of source.matchAll(/new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g))
    if (outside(resolve(folder, m[1]))) found.push(m[0]);
  for (const m of source.matchAll(
    /\bshared\/(?:SPEC|DESIGN|CONVENTIONS)\.md|'shared',\s*'[A-Z]+\.md'/g,
  ))
    found.push(m[0]);
  return found;
}

describe('a clone that stands alone', () => {
  it('has no test, script or build step that reads outside the repository', () => {
    const files = trackedCode();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      escapes(file, readFileSync(join(ROOT, file), 'utf8')).map((e) => `${file}: ${e}`),
    );
    expect(found).toEqual([]);
  });

  it('catches the specification read from beside the project, and passes paths inside it', () => {
    // Built from parts, so that this file itself names no path outside the repository.
    const spec = ['SPEC', 'md'].join('.');
    const before = `readFileSync(join(import.meta.dirname, '..', '..', '..', 'shared', '${spec}'))`;
    expect(escapes('tests/setup/specification.ts', before)).toHaveLength(2);
    const design = ['..', 'shared', ['DESIGN', 'md'].join('.')].join('/');
    expect(escapes('scripts/x.ts', `readFileSync('${design}')`)).toHaveLength(1);
    expect(escapes('bench/x.ts', "new URL('../../elsewhere/', import.meta.url)")).toHaveLength(1);
    expect(escapes('tests/unit/x.ts', "join(import.meta.dirname, '..', '..', 'src')")).toEqual([]);
    expect(escapes('scripts/x.mjs', "new URL('../vitest.e2e.config.ts', import.meta.url)")).toEqual(
      [],
    );
  });
});
