import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import { DEMO_ADMIN } from '../../supabase/local/constants.ts';
import { LOCAL_ANON_KEY } from '@/config/local-backend';

/**
 * The README's first command, `npm run dev`: the Vite dev server with the embedded backend mounted
 * on the same origin serves the app and real seeded data (in memory here, not .local-db/).
 */
let server: ViteDevServer;
let base: string;
const headers = { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json' };

beforeAll(async () => {
  process.env.LOCAL_DB = 'memory';
  server = await createServer({
    configFile: 'vite.config.ts',
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await server.listen();
  base = (server.resolvedUrls?.local[0] ?? '').replace(/\/$/, '');
}, 120_000);

afterAll(async () => {
  await server?.close();
  delete process.env.LOCAL_DB;
});

describe('npm run dev', () => {
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
