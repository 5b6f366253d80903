import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import {
  ADMIN_ROUTES,
  AdminLayout,
  ErrorPage,
  PUBLIC_ROUTES,
  STANDALONE_ROUTES,
} from '@/app/routes';
import { ADMIN_LAYOUT, ERROR_PAGE, ROUTES, type Route } from '@/config/route-manifest';
import * as paths from '@/config/route-paths';
import { prerenderedPaths, routeSources } from '../../build/prerender';

/**
 * The route manifest (src/config/route-manifest.ts, issue 28): every route once, read by the
 * router, the build and the lint rule that refuses a route's path written anywhere else in src/
 * (eslint/route-paths.js). docs/decisions/004-first-load-budget-declarative-router.md
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const routes = Object.values<Route>(ROUTES);
const lazyIn = (layout: Route['layout']) =>
  routes.filter((r) => r.layout === layout && !r.entry).map((r) => r.path);

describe('the route manifest', () => {
  it('names each path once, each with its page', () => {
    const all = routes.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(paths.nightParty);
    expect(routes.filter((r) => r.entry).map((r) => r.path)).toEqual([paths.home]);
    expect(ROUTES.pass.path).toBe('/pass/:code');
  });

  it('is the router: each layout lists exactly the manifest’s routes of that layout', () => {
    expect(PUBLIC_ROUTES.map((r) => r.path)).toEqual(lazyIn('public'));
    expect(STANDALONE_ROUTES.map((r) => r.path)).toEqual(lazyIn('standalone'));
    expect(ADMIN_ROUTES.map((r) => r.path)).toEqual(lazyIn('admin'));
  });

  it('loads, for each route, the page module the manifest names (the build finds its chunk)', async () => {
    const byPath = new Map(routes.map((r) => [r.path, r.page]));
    const loaded = [...PUBLIC_ROUTES, ...STANDALONE_ROUTES, ...ADMIN_ROUTES].map((r) => ({
      route: r,
      module: byPath.get(r.path)!,
    }));
    const pairs = [
      ...loaded.map(({ route, module }) => [route.page, module] as const),
      [ErrorPage, ERROR_PAGE] as const,
      [AdminLayout, ADMIN_LAYOUT] as const,
    ];
    for (const [page, module] of pairs) {
      const { default: component } = (await import(/* @vite-ignore */ `${root}${module}`)) as {
        default: unknown;
      };
      expect(await page.preload(), module).toBe(component);
    }
  }, 60_000);

  it('prerenders the public pages without a parameter, and limits no admin page', () => {
    for (const r of routes) {
      expect(r.prerender === true, r.path).toBe(r.layout === 'public' && !r.path.includes(':'));
      if (r.budget) expect(r.page.startsWith('src/features/admin/'), r.path).toBe(false);
    }
    // The build reads the manifest itself (imported, not parsed).
    expect(prerenderedPaths(routeSources(root))).toEqual(
      routes.filter((r) => r.prerender).map((r) => r.path),
    );
  });

  it('fills a path’s parameter', () => {
    expect(paths.passPath('AB12CD')).toBe('/pass/AB12CD');
    expect(paths.participantPath('a-1')).toBe('/admin/participants/a-1');
  });
});

describe('the lint rule: a route path is written in the manifest only', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (code: string, file = 'src/features/faq/Scratch.tsx') => {
    const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
    return result.messages
      .filter((m) => m.ruleId === 'routes/no-path-literal')
      .map((m) => `${m.line}:${m.column}`);
  };

  it('refuses a route’s path written as a literal or a template in src/', async () => {
    const code = [
      "import { Link, useNavigate } from 'react-router';",
      'export function Scratch({ code }: { code: string }) {',
      '  const navigate = useNavigate();',
      "  const back = () => navigate('/');",
      '  const pass = `/pass/${code}`;',
      "  const solo = '/inscription?type=solo';",
      '  return (',
      '    <>',
      '      <Link to="/night-party">Night Party</Link>',
      '      <Link to="/">Accueil</Link>',
      '      <a href="/admin/participants">Participants</a>',
      '      <button type="button" onClick={back}>{pass}{solo}</button>',
      '    </>',
      '  );',
      '}',
    ].join('\n');
    expect(await lint(code)).toEqual(['4:31', '5:16', '6:16', '9:16', '10:16', '11:15']);
  });

  it('lets through the manifest’s names, and strings that are not a route’s path', async () => {
    const code = [
      "import { Link } from 'react-router';",
      "import * as paths from '@/config/route-paths';",
      'export function Scratch({ path }: { path: string }) {',
      "  const parts = path.split('/');",
      "  const art = '/art/can.svg';",
      "  const other = '/faqs';",
      '  return (',
      '    <Link to={`${paths.registration}?type=solo`}>',
      '      {parts.length}{art}{other}{paths.nightParty}',
      '    </Link>',
      '  );',
      '}',
    ].join('\n');
    expect(await lint(code)).toEqual([]);
  });

  it('leaves the paths themselves to the manifest', async () => {
    expect(await lint("export const faq = '/faq';\n", 'src/config/route-paths.ts')).toEqual([]);
  });
});

describe('the admin nav', () => {
  it('shows each role its links, in the sidebar’s order, with the manifest’s paths', async () => {
    const { navFor } = await import('@/app/layouts/admin-nav');
    const staff = [
      ['Tableau de bord', '/admin'],
      ['Participants', '/admin/participants'],
      ['Réservations', '/admin/reservations'],
      ['Messages', '/admin/messages'],
      ['Statistiques', '/admin/stats'],
      ['Présence', '/admin/presence'],
    ];
    const links = (role: string | undefined) => navFor(role).map((i) => [i.label, i.to]);
    // While the role loads: what every staff member reads.
    expect(links(undefined)).toEqual(staff);
    expect(links('lecteur')).toEqual([
      ...staff,
      ['Auditions', '/admin/auditions'],
      ['Paramètres', '/admin/parametres'],
    ]);
    expect(links('admin')).toEqual([
      ...staff,
      ['Auditions', '/admin/auditions'],
      ['Journal', '/admin/journal'],
      ['Corbeille', '/admin/corbeille'],
      ['Vote du public', '/admin/vote'],
      ['Régie', '/admin/regie'],
      ['Paramètres', '/admin/parametres'],
    ]);
    // The régie sees its control desk only.
    expect(links('regie')).toEqual([['Régie', '/admin/regie']]);
    expect(navFor('admin')[0].end).toBe(true);
    expect(navFor('admin').filter((i) => i.end)).toHaveLength(1);
  });
});
