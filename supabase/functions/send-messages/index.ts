/**
 * The send-messages Edge Function (docs/decisions/033-messages-outbox.md): POST with the service
 * key → one run of the sender → { claimed, sent, failed, retried }. Hosted, Supabase's gateway
 * checks the JWT first and pg_cron calls it every minute (migration
 * 20251127210000_messages_schedule.sql); locally the embedded backend runs it under Deno the
 * same way (supabase/local/functions.ts) and calls it every 30 s in dev.
 */
import { readConfig } from './config.ts';
import { outboxApi } from './outbox-api.ts';
import { drain } from './sender.ts';

type DenoLike = {
  env: { get(name: string): string | undefined };
  serve(
    options: { port?: number; hostname?: string; onListen?: (addr: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
};
const deno = (globalThis as unknown as { Deno: DenoLike }).Deno;
const env = (name: string) => deno.env.get(name);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Constant-time comparison: the bearer must be the service key itself. */
function sameKey(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'POST only' });
  const config = readConfig(env);
  const bearer = request.headers
    .get('authorization')
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  // The gateway accepts any valid key (anon included): sending is for the service role only.
  if (!bearer || !sameKey(bearer, config.serviceKey))
    return json(403, { error: 'service role required' });
  try {
    return json(200, await drain(config, outboxApi(config.supabaseUrl, config.serviceKey)));
  } catch (error) {
    console.error('[send-messages]', error);
    return json(500, { error: error instanceof Error ? error.message : String(error) });
  }
}

// Locally a port of the backend's choosing (0: any free one, printed); hosted, the platform's.
const port = env('SEND_MESSAGES_PORT');
deno.serve(
  port !== undefined
    ? {
        port: Number(port),
        hostname: '127.0.0.1',
        onListen: ({ port: bound }) => console.info(`send-messages listening on ${bound}`),
      }
    : {},
  handle,
);
