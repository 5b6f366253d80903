/**
 * The pages that open again without a network (the jury's scorecards, /jury, and the door,
 * /porte): one service worker, dist/offline-sw.js, made by Workbox (workbox-build's generateSW)
 * after the build, that keeps the app shell and those pages' own chunks on the device and answers
 * their navigations with the shell. Nothing of it reaches the public pages: no script is added
 * to index.html, and only those pages register the worker, each with its own scope
 * (src/lib/offline-pages.ts). The API is never cached by the worker: each page keeps its data in
 * IndexedDB. docs/decisions/031-jury-scorecards.md ("Offline").
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { generateSW } from 'workbox-build';
import { APP_START, SPA_SHELL } from './prerender.ts';

/** The worker's file, at the root of the site (its scope can then be any page under it). */
const OFFLINE_WORKER = 'offline-sw.js';

/** A page kept offline: its module, and whether the chunks it imports on demand are kept too. */
type OfflinePage = { module: string; dynamic?: boolean };

const OFFLINE_PAGES: readonly OfflinePage[] = [
  { module: 'src/features/jury/JuryPage.tsx' },
  // The camera scanner (a lazy part) and its decoder too: offline, the steward scans with it.
  { module: 'src/features/door/DoorPage.tsx', dynamic: true },
];

/** Files of public/ the pages show (their logos, src/components/brand/Logo.tsx). */
const OFFLINE_PUBLIC_FILES = ['brand/*.svg'];

/** The navigations the worker answers with the shell: these pages only. */
const OFFLINE_NAVIGATIONS = [/^\/jury(\/|$)/, /^\/porte(\/|$)/];

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/**
 * The files to keep: the shell, the entry with what it imports, the app, the site's stylesheet, and each
 * page's chunk with what it imports (its dynamic imports too when asked), with their CSS and
 * assets, from Vite's build manifest.
 */
export function offlineFiles(manifest: Manifest, pages: readonly OfflinePage[] = OFFLINE_PAGES) {
  const files = new Set<string>([SPA_SHELL]);
  const seen = new Set<string>();
  const visit = (key: string, dynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const f of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(f);
    for (const k of chunk.imports ?? []) visit(k, dynamic);
    // A shared module's own lazy import (the Supabase client, loaded on first use) is needed
    // offline as much as the module; a page's (the door's camera) only when the page asks.
    const shared = key.startsWith('_') || key.startsWith('node_modules/');
    if (dynamic || shared) for (const k of chunk.dynamicImports ?? []) visit(k, dynamic);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entry) throw new Error('offlinePages: no index.html entry in the build manifest.');
  visit(entry, false);
  // The app, router included, which the entry imports on every page but home (ADR 060).
  if (!manifest[APP_START])
    throw new Error(`offlinePages: ${APP_START} is not a chunk of the build.`);
  visit(APP_START, false);
  // The whole site's stylesheet: the shell links it (build/prerender.ts).
  visit('src/styles.css', false);
  for (const page of pages) {
    if (!manifest[page.module])
      throw new Error(`offlinePages: ${page.module} is not a chunk of the build.`);
    visit(page.module, page.dynamic ?? false);
  }
  return [...files].sort();
}

/** The Vite plugin: writes dist/offline-sw.js once the site (and its shell) is built. */
export function offlinePages(root: string): Plugin {
  let outDir = '';
  return {
    name: 'booster-offline-pages',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(root, config.build.outDir);
    },
    // After the prerender's buildApp (build/prerender-vite.ts), which writes the shell.
    buildApp: {
      order: 'post',
      async handler(builder) {
        const dir = outDir || resolve(root, builder.environments.client.config.build.outDir);
        const manifest = JSON.parse(
          readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        const files = offlineFiles(manifest);
        const { count, size, warnings } = await generateSW({
          swDest: join(dir, OFFLINE_WORKER),
          globDirectory: dir,
          globPatterns: [...files, ...OFFLINE_PUBLIC_FILES],
          // Hashed file names need no other version.
          dontCacheBustURLsMatching: /^assets\//,
          navigateFallback: `/${SPA_SHELL}`,
          navigateFallbackAllowlist: OFFLINE_NAVIGATIONS,
          inlineWorkboxRuntime: true,
          sourcemap: false,
          mode: 'production',
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
        });
        for (const w of warnings) builder.config.logger.warn(`offline-sw: ${w}`);
        builder.config.logger.info(
          `${OFFLINE_WORKER}: ${count} files kept offline (${(size / 1024).toFixed(1)} kB)`,
        );
      },
    },
  };
}
