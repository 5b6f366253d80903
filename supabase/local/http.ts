import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** An error that already knows its HTTP answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message ?? body.msg ?? `HTTP ${status}`));
  }
}

/** A PostgREST-shaped error: `{ code, message, details, hint }`. */
export function restError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): HttpError {
  return new HttpError(status, { code, message, details, hint });
}

/** The answer for anything outside the subset of the Supabase API served locally. */
export function notImplemented(what: string): HttpError {
  return new HttpError(501, {
    code: 'LOCAL501',
    message: `Not supported by the embedded local backend: ${what}`,
    details:
      'supabase/local serves only the subset of the Supabase API that this app uses. ' +
      'Run `supabase start` (Docker) or point VITE_SUPABASE_URL at a Supabase project for the rest.',
    hint: null,
  });
}

export type Reply = {
  status: number;
  headers?: Record<string, string>;
  /** Already-serialised JSON, or undefined for an empty body. */
  body?: string;
};

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers, body: JSON.stringify(value) };
}

/** Bodies from this size are gzipped for a client that accepts it (as the hosted gateway does). */
const GZIP_FROM_BYTES = 1024;

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a quality above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  return [header ?? '']
    .flat()
    .join(',')
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return (name === 'gzip' || name === '*') && (q === undefined || Number(q.slice(2)) > 0);
    });
}

/**
 * Writes the reply. A body of GZIP_FROM_BYTES or more goes gzipped when the request accepts it,
 * as Supabase's hosted gateway does, so what a page downloads measures the same locally
 * (docs/decisions/032-offline-door.md).
 */
export function send(
  res: ServerResponse,
  reply: Reply,
  method: string | undefined,
  acceptEncoding?: string | string[],
): void {
  const headers: Record<string, string> = { ...reply.headers };
  if (reply.body !== undefined) headers['Content-Type'] ??= 'application/json; charset=utf-8';
  let body: string | Buffer | undefined = reply.body;
  if (body !== undefined) {
    headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
    if (Buffer.byteLength(body) >= GZIP_FROM_BYTES && acceptsGzip(acceptEncoding)) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
    }
  }
  res.writeHead(reply.status, headers);
  res.end(method === 'HEAD' || body === undefined ? undefined : body);
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw restError(413, 'PGRST413', 'Request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** CORS for the standalone server (the app may be served from another port). */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const requested = req.headers['access-control-request-headers'];
  return {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      typeof requested === 'string'
        ? requested
        : 'authorization, apikey, content-type, prefer, accept, accept-profile, content-profile, range, x-client-info, x-supabase-api-version',
    'Access-Control-Expose-Headers':
      'Content-Range, Content-Location, Location, X-Supabase-Api-Version',
    'Access-Control-Max-Age': '86400',
    Vary: 'Origin',
  };
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
