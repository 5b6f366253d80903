import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAuth } from './auth.ts';
import type { LocalDatabase } from './database.ts';
import { DEFAULT_HOST, DEFAULT_PORT, MAX_ROWS } from './constants.ts';
import { corsHeaders, notImplemented, readBody, send } from './http.ts';
import { toHttpError } from './pg-errors.ts';
import { handleRest, type ApiSettings } from './rest.ts';

export type RequestHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/** Path prefixes of the Supabase API; only /rest/v1 and /auth/v1 are served. */
export const API_PREFIXES = [
  '/rest/v1',
  '/auth/v1',
  '/storage/v1',
  '/realtime/v1',
  '/functions/v1',
  '/graphql/v1',
];

/**
 * A `node:http` handler (also usable as Connect middleware) serving the subset of the Supabase
 * API that the app uses. Requests outside the Supabase prefixes go to `next` when given.
 */
export function createRequestHandler(
  db: LocalDatabase,
  settings: ApiSettings = { maxRows: MAX_ROWS },
): RequestHandler {
  return (req, res, next) => {
    // Connect strips the mount path from req.url; originalUrl keeps it.
    const rawUrl =
      (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const pathname = new URL(rawUrl, 'http://local').pathname;
    const prefix = API_PREFIXES.find((p) => pathname === p || pathname.startsWith(`${p}/`));
    if (!prefix) {
      if (next) return next();
      return send(
        res,
        { status: 404, body: JSON.stringify({ message: 'no Route matched with those values' }) },
        req.method,
      );
    }
    const cors = corsHeaders(req);
    if (req.method === 'OPTIONS') return send(res, { status: 204, headers: cors }, req.method);
    req.url = rawUrl;
    route(db, settings, req, prefix, pathname.slice(prefix.length) || '/')
      .catch((error: unknown) => {
        const http = toHttpError(error, 'anon');
        return { status: http.status, headers: http.headers, body: JSON.stringify(http.body) };
      })
      .then((reply) =>
        send(
          res,
          { ...reply, headers: { ...cors, ...reply.headers } },
          req.method,
          req.headers['accept-encoding'],
        ),
      )
      .catch((error: unknown) => {
        if (next) next(error);
        else res.destroy(error instanceof Error ? error : undefined);
      });
  };
}

async function route(
  db: LocalDatabase,
  settings: ApiSettings,
  req: IncomingMessage,
  prefix: string,
  path: string,
) {
  const body = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(req.method ?? '')
    ? await readBody(req)
    : '';
  if (prefix === '/rest/v1') return handleRest(db, req, path, body, settings);
  if (prefix === '/auth/v1') return handleAuth(db, req, path, body);
  throw notImplemented(
    `${prefix} (storage, realtime, edge functions and GraphQL are not served locally)`,
  );
}

export type RunningServer = {
  server: Server;
  url: string;
  /** The API's settings, live: a test may lower `maxRows` as a project's dashboard can. */
  settings: ApiSettings;
  close: () => Promise<void>;
};

/** Serve the local API on its own port (127.0.0.1:54321 by default; port 0 picks a free one). */
export async function startServer(options: {
  db: LocalDatabase;
  host?: string;
  port?: number;
}): Promise<RunningServer> {
  const settings: ApiSettings = { maxRows: MAX_ROWS };
  const handler = createRequestHandler(options.db, settings);
  const server = createServer((req, res) => handler(req, res));
  const host = options.host ?? DEFAULT_HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${host}:${port}`,
    settings,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
