import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint: a script whose first line is this comment has all its functions
 * compiled eagerly, on a background thread while it downloads, instead of each one on the main
 * thread the first time it runs (Chromium 136 and later; other engines read a comment).
 * docs/decisions/013-eager-compile-hints.md
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Libraries of which a visit runs a small part, which keep V8's lazy compilation: those loaded for
 * one action (a spreadsheet or CSV export, a calendar file, the door's barcode reader, the proof of
 * work's solver) and supabase-js (the site uses its auth and its query builder, never
 * its realtime or storage clients).
 */
const MOSTLY_UNUSED_LIBRARIES =
  /[\\/]node_modules[\\/](?:exceljs|papaparse|ics|barcode-detector|zxing-wasm|altcha-lib|@supabase)[\\/]/;

/** True when the chunk runs as a whole once loaded: it gets the hint. */
export function runsWhenLoaded(chunk: Pick<Rolldown.OutputChunk, 'moduleIds'>): boolean {
  return !chunk.moduleIds.some((id) => MOSTLY_UNUSED_LIBRARIES.test(id));
}

/**
 * Puts the hint on the first line of every chunk that runs when loaded (after Vite's own
 * preamble is in: the hint must come first) and shifts the chunk's source map by that line.
 * Returns the names of the chunks that got it.
 */
export function addCompileHints(bundle: Rolldown.OutputBundle): string[] {
  const hinted: string[] = [];
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !runsWhenLoaded(chunk)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    const map = bundle[`${chunk.fileName}.map`];
    if (map?.type === 'asset') {
      const text =
        typeof map.source === 'string' ? map.source : new TextDecoder().decode(map.source);
      const json = JSON.parse(text) as { mappings: string };
      json.mappings = `;${json.mappings}`;
      map.source = JSON.stringify(json);
    }
    hinted.push(chunk.fileName);
  }
  return hinted;
}

/** The client build's chunks get the hint (the prerender's Node build does not need it). */
export function compileHints(): Plugin {
  return {
    name: 'booster-compile-hints',
    apply: 'build',
    generateBundle: {
      // After Vite's own generateBundle, which puts its preload list at the top of the entry.
      order: 'post',
      handler(_options, bundle) {
        if (this.environment.name !== 'client') return;
        addCompileHints(bundle);
      },
    },
  };
}
