import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { DEMO_ACCOUNTS, DEMO_ADMIN } from '../../supabase/local/constants.ts';
import { LOCAL_ANON_KEY } from '@/config/local-backend';

/**
 * The README's first command, `npm run dev`: the Vite dev server with the embedded backend mounted
 * on the same origin serves the app and real seeded data (in memory here, not .local-db/).
 */
let server: ViteDevServer;
let base: string;
const printed: string[] = [];
const info = console.info;
const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };

beforeAll(async () => {
  process.env.LOCAL_DB = 'memory';
  // Not a vi.spyOn: restoreMocks would take it back before the first test, and the block is
  // printed here, while the server starts.
  console.info = (...args: unknown[]) => void printed.push(args.map(String).join(' '));
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  base = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
}, 120_000);

afterAll(async () => {
  console.info = info;
  await server?.close();
  delete process.env.LOCAL_DB;
});

describe('npm run dev', () => {
  it('prints one short block: the site on its real port, the API, the database, every account', async () => {
    await vi.waitFor(() => expect(printed.join('\n')).toContain('Demo accounts'), {
      timeout: 30_000,
    });
    const block = printed.find((p) => p.includes('Demo accounts')) ?? '';
    expect(block).toContain(`Site:     ${base}/`);
    expect(block).toMatch(/Database: psql postgresql:\/\//);
    for (const account of DEMO_ACCOUNTS) {
      expect(block).toContain(account.email);
      expect(block).toContain(`${base}${account.page}`);
    }
    expect(block.split('\n').length).toBeLessThanOrEqual(12);
  });

  it('puts the port the site really runs on in the links of the messages the seed queued', async () => {
    const token = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const bodies = async () => {
      const res = await fetch(`${base}/rest/v1/rpc/outbox_list`, {
        method: 'POST',
        headers: { ...headers, Authorization: `Bearer ${access_token}` },
        body: JSON.stringify({ page_size: 200 }),
      });
      const { rows } = (await res.json()) as { rows: { body: string }[] };
      return rows.map((r) => r.body).join('\n');
    };
    const site = base.replace('127.0.0.1', 'localhost');
    await vi.waitFor(async () => expect(await bodies()).toContain(site), { timeout: 15_000 });
    const links = (await bodies()).match(/http:\/\/localhost:\d+/g) ?? [];
    expect(links.length).toBeGreaterThan(10);
    expect(new Set(links)).toEqual(new Set([site]));
  });

  it('serves the app shell and compiles its entry', async () => {
    const html = await (await fetch(`${base}/night-party/`)).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<div id="root">');
    const main = await fetch(`${base}/src/main.tsx`);
    expect(main.status).toBe(200);
  });

  it('answers the Supabase API on the same origin', async () => {
    const res = await fetch(`${base}/rest/v1/rpc/registration_status`, {
      method: 'POST',
      headers,
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ open: true, reason: 'open' });
  });

  it('lets the demo admin of the README read the seeded participants', async () => {
    const token = await fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const list = await fetch(`${base}/rest/v1/participants?select=id,region&limit=1`, {
      headers: { ...headers, Authorization: `Bearer ${access_token}`, Prefer: 'count=exact' },
    });
    expect(list.status).toBeLessThan(300);
    expect(list.headers.get('content-range')).toMatch(/\/80$/);
    const regions = await fetch(`${base}/rest/v1/rpc/participant_stats`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${access_token}` },
      body: '{}',
    });
    const stats = (await regions.json()) as { byRegion: unknown[]; total: number };
    expect(stats.total).toBe(80);
    expect(stats.byRegion).toHaveLength(10);
  });
});
