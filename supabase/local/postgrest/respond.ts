import type { Sql } from '../sql-client.ts';
import type { Reply } from '../http.ts';
import { restError } from '../http.ts';

/** One REST request, inside its transaction and already switched to the caller's role. */
export type RestContext = {
  tx: Sql;
  method: string;
  query: URLSearchParams;
  prefer: string | undefined;
  /** `Accept: application/vnd.pgrst.object+json` (supabase-js `.single()`). */
  wantsObject: boolean;
  /** Supabase's `max_rows`: no read returns more rows. */
  maxRows: number;
  /** The request body as JSON (400 PGRST102 when it is not JSON). */
  json: () => unknown;
};

const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const ARRAY_TYPE = 'application/json; charset=utf-8';

/**
 * PostgREST's answer for a list of rows: the JSON array (or the single object), the
 * Content-Range header, and 200/206/416 from the range and the exact count when asked.
 */
export function rowsReply(
  ctx: Pick<RestContext, 'wantsObject'>,
  r: { body: string; n: number; offset: number; total?: number; status: number; range: boolean },
): Reply {
  const totalText = r.total === undefined ? '*' : String(r.total);
  const contentRange =
    r.n === 0 ? `*/${totalText}` : `${r.offset}-${r.offset + r.n - 1}/${totalText}`;
  let status = r.status;
  if (r.range && r.total !== undefined) {
    if (r.offset > r.total) {
      throw restError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${r.offset} was requested, but there are only ${r.total} rows.`,
      );
    }
    if (r.n < r.total) status = 206;
  }
  const headers = { 'Content-Range': contentRange };
  if (ctx.wantsObject) {
    if (r.n !== 1) {
      throw restError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${r.n} rows`,
      );
    }
    const [row] = JSON.parse(r.body) as unknown[];
    return {
      status,
      headers: { ...headers, 'Content-Type': OBJECT_TYPE },
      body: JSON.stringify(row),
    };
  }
  return { status, headers: { ...headers, 'Content-Type': ARRAY_TYPE }, body: r.body };
}
