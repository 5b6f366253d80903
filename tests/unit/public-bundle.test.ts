import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, JWT_SECRET, SERVICE_ROLE_KEY } from '../../supabase/local/constants.ts';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend.ts';
import { COMPILE_HINT } from '../../build/compile-hints.ts';
import { ERROR_PAGE, ROUTES } from '../../src/config/route-manifest.ts';

/**
 * Checked on the production build: what a visitor's browser can download from the public pages.
 * - first load (the entry chunk and its static imports): no supabase-js, no admin code, no papaparse;
 * - each public page: no admin code, no TanStack Query (docs/decisions/003-feature-folders-and-data-module.md)
 *   and no papaparse, even through the chunks it loads on demand (supabase-js on submit is fine).
 */
type Chunk = Rolldown.OutputChunk;

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The pages checked, from the route manifest (src/config/route-manifest.ts). */
const PUBLIC_PAGES = [
  ROUTES.home.page,
  ROUTES.faq.page,
  ROUTES.contact.page,
  ROUTES.nightParty.page,
  ROUTES.reservationSuccess.page,
  ROUTES.registrationSuccess.page,
  ERROR_PAGE,
];

/**
 * A production build for a hosted project (placeholder URL and public key), with EmailJS set as
 * an organiser's .env may still have it: the contact template, and the confirmation and
 * convocation ones the browser no longer uses (issue 38).
 */
const PRODUCTION_ENV = {
  VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  VITE_SUPABASE_ANON_KEY: 'public-anon-key-of-the-project-0123456789',
  VITE_EMAILJS_PUBLIC_KEY: 'pk_public_BUNDLE',
  VITE_EMAILJS_SERVICE_ID: 'service_BUNDLE',
  VITE_EMAILJS_CONTACT_TEMPLATE_ID: 'template_contact_PUBLIC',
  VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID: 'template_confirm_SECRET',
  VITE_EMAILJS_CONVOCATION_TEMPLATE_ID: 'template_convoc_SECRET',
};

async function withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    return await run();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const viteBuild = () =>
  build({
    root,
    configFile: `${root}vite.config.ts`,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false, manifest: false },
  });

async function buildChunks(): Promise<Map<string, Chunk>> {
  const result = await withEnv(PRODUCTION_ENV, viteBuild);
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Chunk => c.type === 'chunk');
  return new Map(chunks.map((c) => [c.fileName, c]));
}

let building: Promise<Map<string, Chunk>> | undefined;
const built = () => (building ??= buildChunks());

/** Modules reachable from `start`: static imports always; on-demand imports except the entry's
 *  (the entry lazily imports every route, admin included, but only when that route is visited). */
function reachableModules(start: Chunk, chunks: Map<string, Chunk>, followDynamic: boolean) {
  const seen = new Set<string>();
  const modules: string[] = [];
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    modules.push(...chunk.moduleIds);
    for (const f of chunk.imports) visit(chunks.get(f)!);
    // The entry's and the app's imports on demand are the route table's (every page, the admin
    // ones too): a page's own are followed.
    const routeTable =
      chunk.isEntry || chunk.moduleIds.some((m) => m.endsWith('/src/app/routes.ts'));
    if (followDynamic && !routeTable) for (const f of chunk.dynamicImports) visit(chunks.get(f)!);
  };
  visit(start);
  return modules;
}

const ADMIN = /\/src\/features\/admin\//;
const PAPAPARSE = /node_modules\/papaparse\//;
const SUPABASE = /node_modules\/@supabase\//;
const TANSTACK = /node_modules\/@tanstack\//;

describe('public bundle', () => {
  it('refuses a production build that names no Supabase project', async () => {
    await withEnv({ VITE_SUPABASE_URL: '', VITE_LOCAL_BACKEND: '' }, async () => {
      await expect(viteBuild()).rejects.toThrow(
        /Production build without VITE_SUPABASE_URL: set VITE_SUPABASE_URL/,
      );
    });
  });

  it('carries no credential: no JWT secret, service key, password or local demo key, only the project’s anon key', async () => {
    const chunks = await built();
    const code = [...chunks.values()].map((c) => c.code).join('\n');
    for (const secret of [
      JWT_SECRET,
      SERVICE_ROLE_KEY,
      DEMO_ADMIN.password,
      'service_role',
      LOCAL_ANON_KEY,
    ])
      expect(code.includes(secret), secret.slice(0, 12)).toBe(false);
    expect(code).toContain(PRODUCTION_ENV.VITE_SUPABASE_ANON_KEY);
    expect(code).not.toMatch(/encrypted_password|BEGIN (RSA )?PRIVATE KEY/);
  });

  it('names no EmailJS template but the contact one: no confirmation or convocation relay (issue 38)', async () => {
    const chunks = await built();
    const code = [...chunks.values()].map((c) => c.code).join('\n');
    // (includes, not toContain: a failure would print the whole bundle.)
    expect(code.includes(PRODUCTION_ENV.VITE_EMAILJS_CONTACT_TEMPLATE_ID)).toBe(true);
    for (const secret of [
      PRODUCTION_ENV.VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID,
      PRODUCTION_ENV.VITE_EMAILJS_CONVOCATION_TEMPLATE_ID,
      // No variable the site does not read: the environment is never inlined whole.
      'VITE_EMAILJS_CONFIRMATION',
      'VITE_EMAILJS_CONVOCATION',
    ])
      expect(code.includes(secret), secret).toBe(false);
  });

  it('keeps admin code, TanStack Query, papaparse and (on first load) supabase-js away from public pages', async () => {
    const chunks = await built();
    // The app's entry, not the reservation sent before it (an input of its own, ADR 051).
    const entry = [...chunks.values()].find(
      (c) => c.isEntry && c.moduleIds.some((m) => m.endsWith('src/main.tsx')),
    )!;
    const firstLoad = reachableModules(entry, chunks, false);
    expect(firstLoad.some((m) => m.endsWith('src/features/home/HomePage.tsx'))).toBe(true);
    expect(firstLoad.filter((m) => ADMIN.test(m) || PAPAPARSE.test(m) || SUPABASE.test(m))).toEqual(
      [],
    );

    for (const page of PUBLIC_PAGES) {
      const chunk = [...chunks.values()].find((c) =>
        c.moduleIds.some((m) => m.endsWith(`/${page}`)),
      );
      expect(chunk, page).toBeDefined();
      const statics = reachableModules(chunk!, chunks, false);
      expect(
        statics.filter((m) => SUPABASE.test(m)),
        `${page} (static)`,
      ).toEqual([]);
      const all = reachableModules(chunk!, chunks, true);
      expect(
        all.filter((m) => ADMIN.test(m) || PAPAPARSE.test(m) || TANSTACK.test(m)),
        page,
      ).toEqual([]);
    }
  });

  it('starts the entry and the public pages’ chunks with the compile hint, not the spreadsheet library', async () => {
    const chunks = [...(await built()).values()];
    const firstLine = (c: Chunk) => c.code.slice(0, c.code.indexOf('\n'));
    const entry = chunks.find((c) => c.isEntry)!;
    expect(firstLine(entry)).toBe(COMPILE_HINT);
    for (const page of PUBLIC_PAGES) {
      const chunk = chunks.find((c) => c.moduleIds.some((m) => m.endsWith(`/${page}`)))!;
      expect(firstLine(chunk), page).toBe(COMPILE_HINT);
    }
    const excel = chunks.find((c) => c.moduleIds.some((m) => /node_modules\/exceljs\//.test(m)));
    expect(excel).toBeDefined();
    expect(excel!.code).not.toContain(COMPILE_HINT);
  });
});
