import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT, runsWhenLoaded } from '../../build/compile-hints.ts';
import type { Rolldown } from 'vite';

/** A bundle of the parts the plugin reads (a real one has many more fields per file). */
const bundleOf = (...files: { fileName: string }[]) =>
  Object.fromEntries(files.map((f) => [f.fileName, f])) as unknown as Rolldown.OutputBundle;

const chunk = (fileName: string, moduleIds: string[], code = 'export const a=1;\n') => ({
  type: 'chunk' as const,
  fileName,
  code,
  moduleIds,
});

describe('compile hints (docs/decisions/013-eager-compile-hints.md)', () => {
  it('hints the chunks that run when loaded, first line, before Vite’s preload list', () => {
    const entry = chunk(
      'assets/index.js',
      ['/app/node_modules/react-dom/x.js', '/app/src/main.tsx'],
      'const __vite__mapDeps=1;\nrun();\n',
    );
    const page = chunk('assets/ContactPage.js', ['/app/src/features/contact/ContactPage.tsx']);
    expect(addCompileHints(bundleOf(entry, page))).toEqual([
      'assets/index.js',
      'assets/ContactPage.js',
    ]);
    expect(entry.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nrun();\n`);
    expect(page.code.split('\n')[0]).toBe(COMPILE_HINT);
  });

  it('leaves the libraries of which a visit runs a small part to lazy compilation', () => {
    for (const lib of [
      'exceljs',
      'papaparse',
      'ics',
      'barcode-detector',
      'zxing-wasm',
      'altcha-lib',
      '@supabase/supabase-js',
    ])
      expect(runsWhenLoaded({ moduleIds: [`/app/node_modules/${lib}/dist/index.js`] }), lib).toBe(
        false,
      );
    expect(runsWhenLoaded({ moduleIds: ['C:\\app\\node_modules\\exceljs\\x.js'] })).toBe(false);
    // A name that only contains one of them is not one of them.
    expect(runsWhenLoaded({ moduleIds: ['/app/node_modules/physics/index.js'] })).toBe(true);
    expect(
      runsWhenLoaded({ moduleIds: ['/app/src/features/admin/workbook/readable-export.ts'] }),
    ).toBe(true);

    const excel = chunk('assets/exceljs.js', ['/app/node_modules/exceljs/dist/exceljs.min.js']);
    const before = excel.code;
    expect(addCompileHints(bundleOf(excel))).toEqual([]);
    expect(excel.code).toBe(before);
  });

  it('shifts the source map by the added line, string or bytes, and leaves other files alone', () => {
    const entry = chunk('assets/index.js', ['/app/src/main.tsx']);
    const map = {
      type: 'asset' as const,
      fileName: 'assets/index.js.map',
      source: JSON.stringify({ version: 3, mappings: 'AAAA,CAAC;AACD' }),
    };
    const css = { type: 'asset' as const, fileName: 'assets/site.css', source: 'a{}' };
    addCompileHints(bundleOf(entry, map, css));
    expect(JSON.parse(String(map.source))).toEqual({ version: 3, mappings: ';AAAA,CAAC;AACD' });
    expect(css.source).toBe('a{}');

    const page = chunk('assets/FaqPage.js', ['/app/src/features/faq/FaqPage.tsx']);
    const bytes = {
      type: 'asset' as const,
      fileName: 'assets/FaqPage.js.map',
      source: new TextEncoder().encode(JSON.stringify({ mappings: 'AAAA' })) as string | Uint8Array,
    };
    addCompileHints(bundleOf(page, bytes));
    expect(JSON.parse(String(bytes.source))).toEqual({ mappings: ';AAAA' });
  });
});
