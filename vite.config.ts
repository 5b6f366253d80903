import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';
import { localBackend } from './supabase/local/vite-plugin.ts';
import { homeStyles, prerenderedPages } from './build/prerender-vite.ts';
import { reactRouterTreeShaking } from './build/react-router-tree-shaking.ts';
import { EDITION, placeholderContactProblems } from './src/config/edition.ts';
import { compileHints } from './build/compile-hints.ts';
import { offlinePages } from './build/offline-pages.ts';
import { ADMIN_LAYOUT, ROUTES, type Route } from './src/config/route-manifest.ts';

/**
 * Link previews want absolute URLs: with VITE_SITE_URL set (the deployed origin), the preview
 * image becomes absolute and og:url is added. Without it they stay root-relative.
 */
function absoluteLinkPreviews(siteUrl: string | undefined): Plugin {
  return {
    name: 'booster-absolute-link-previews',
    transformIndexHtml(html) {
      if (!siteUrl) return html;
      const origin = siteUrl.replace(/\/+$/, '');
      return html
        .replaceAll('content="/og-image.png"', `content="${origin}/og-image.png"`)
        .replace(
          '<meta property="og:type"',
          `<meta property="og:url" content="${origin}/" />\n    <meta property="og:type"`,
        );
    },
  };
}

/**
 * Which backend the code targets. The dev server falls back to the embedded local backend when
 * VITE_SUPABASE_URL is unset. A production build must name its Supabase project: without
 * VITE_SUPABASE_URL it fails, unless it opts in to the local backend with VITE_LOCAL_BACKEND=true
 * (the end-to-end and Lighthouse builds); only such builds carry the local demo key.
 */
export function backendTarget(
  env: Record<string, string | undefined>,
  command: 'build' | 'serve',
  mode: string,
): { local: boolean } {
  if (env.VITE_SUPABASE_URL) return { local: false };
  if (command === 'build' && mode === 'production' && env.VITE_LOCAL_BACKEND !== 'true') {
    throw new Error(
      'Production build without VITE_SUPABASE_URL: set VITE_SUPABASE_URL and ' +
        'VITE_SUPABASE_ANON_KEY to your Supabase project (Project settings > API, see ' +
        '.env.example), or VITE_LOCAL_BACKEND=true for a build that talks to the embedded ' +
        'local backend (tests only).',
    );
  }
  return { local: true };
}

/**
 * The chunks of the staff pages (every page of the administration's layout, its sign-in, the door
 * and the jury) and of the admin layout, by their file names, read from the route manifest: a
 * hand-kept list had missed three admin pages added later, whose imports' names the home page's
 * entry carried (docs/decisions/056-room-on-the-home-page.md).
 */
export const STAFF_CHUNK = new RegExp(
  `(^|/)(${[
    ...Object.values(ROUTES)
      .filter(
        (r: Route) => r.layout === 'admin' || /^src\/features\/(admin|door|jury)\//.test(r.page),
      )
      .map((r: Route) => r.page),
    ADMIN_LAYOUT,
  ]
    .map((page) => page.replace(/^.*\//, '').replace(/\.tsx?$/, ''))
    .join('|')})-`,
);

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const target = backendTarget(env, command, mode);
  // The contacts every public page shows until the settings answer (src/config/edition.ts): a
  // production build must not publish a placeholder ("+237 6XX XX XX XX", an example.com address).
  const contactProblems = placeholderContactProblems(EDITION.contact);
  if (command === 'build' && mode === 'production' && contactProblems.length > 0)
    throw new Error(
      `Production build with placeholder contact details in src/config/edition.ts: ${contactProblems.join('; ')}.`,
    );
  const root = fileURLToPath(new URL('.', import.meta.url));
  // The public pages are prerendered and the home page gets a stylesheet of its own:
  // docs/decisions/011-prerendered-public-pages.md.
  const home = homeStyles(root);
  return {
    // localBackend() mounts the embedded Supabase API when VITE_SUPABASE_URL is unset.
    plugins: [
      react(),
      tailwindcss(),
      localBackend(),
      absoluteLinkPreviews(env.VITE_SITE_URL),
      home.plugin,
      prerenderedPages(root),
      reactRouterTreeShaking(),
      compileHints(),
      offlinePages(root),
    ],
    define: { __LOCAL_BACKEND__: JSON.stringify(target.local) },
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: {
      manifest: true,
      sourcemap: false,
      target: 'es2022',
      // Each route's path is a constant of src/config/route-paths.ts: written where it is used,
      // as a literal would be, the first loads carry no table of paths (ADR 004).
      rolldownOptions: {
        optimization: { inlineConst: { mode: 'all', pass: 2 } },
        // The reservation sent before the app (an input of its own, build/prerender.ts) in one
        // file with what it alone needs: on slow 3G each file more is a round trip of 400 ms
        // (docs/decisions/051-the-reservation-before-the-app.md). What the entry also imports
        // (below) stays apart: grouped here, every page would load this chunk for it.
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'early-reserve',
                test: /\/src\/(features\/reservation\/(early-reserve|reservation-schema)|data\/reservations\/(reserve-early|sent-reservation|mappers)|lib\/(proof-of-work|solver-worker|validation))\.ts$|\/node_modules\/zod\/v4\/(mini|core)\//,
                includeDependenciesRecursively: false,
              },
              {
                // What it shares with the other pages, small modules each page loaded as a file
                // of its own (the environment, the errors, the plain-fetch call, the phone rule,
                // altcha-lib's solver, the answer's drawing): one file, one round trip.
                name: 'public-core',
                test: /\/src\/(config\/(env|local-backend)|lib\/(errors|phone)|data\/shared\/public-rpc|features\/reservation\/early-answer)\.ts$|\/node_modules\/altcha-lib\//,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
      // The entry names every page's chunk (src/app/routes.ts) and, by default, the chunks each
      // one needs, to fetch them in parallel. For the administration and the door those lists
      // would cost the home page's first load (90 kB budget, build/bundle-budget.ts) for pages
      // visitors never open: there the page's own chunk fetches what it imports.
      // No modulepreload polyfill (it costs the home page's first load): a browser without
      // modulepreload (Safari before 17) fetches the same modules, only later.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (file, deps, host) =>
          home.withSiteStyles(
            file,
            host.hostType === 'js' && STAFF_CHUNK.test(file) ? [] : deps,
            host,
          ),
      },
    },
  };
});
