import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';

/**
 * The API's answers are typed by the database (docs/decisions/054-typed-answers.md): a public
 * function anonymous visitors or staff may call returns a declared type (`returns table`,
 * `setof`, a composite type), so supabase/database.types.ts describes it. Untyped `json`/`jsonb`
 * answers are counted here; the count may only go down (lower MAX_UNTYPED when it does). An
 * answer that is truly free-form says why on the line above its `create function`
 * (`-- jsonb: <reason>`) and is not counted.
 */
const backend = testBackend();

/** Before issue 39: 76; the pass, the reservation and the lost pass typed: 72; the public vote: 68; edition_info: 67; then, in three shares merged together: the auditions, the jury and the final; the public forms, participants, settings, the outbox and the purge; the door, the reservations' reports and the vote desk: 0. Lower it as answers get their types; it never goes back up. */
const MAX_UNTYPED = 0;

const SCHEMAS = path.join(import.meta.dirname, '..', '..', 'supabase', 'schemas');

/** The functions whose schema file gives the reason they answer jsonb. */
function explained() {
  const names = new Set<string>();
  for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.sql'))) {
    const text = readFileSync(path.join(SCHEMAS, file), 'utf8');
    for (const m of text.matchAll(/^-- jsonb: .+\ncreate function public\.(\w+)/gm))
      names.add(m[1]);
  }
  return names;
}

describe('typed answers', () => {
  it('counts the public functions callable by anon or authenticated that answer untyped JSON', async () => {
    const rows = await backend.sql<{ name: string }>(
      `select p.proname as name
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prokind = 'f'
          and p.prorettype in ('json'::regtype, 'jsonb'::regtype)
          and (has_function_privilege('anon', p.oid, 'execute')
               or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    );
    const reasons = explained();
    const untyped = rows.map((r) => r.name).filter((name) => !reasons.has(name));
    console.info(
      `${untyped.length} public functions answer untyped JSON:`,
      untyped.join(', '),
      `(free-form, with their reason: ${[...reasons].join(', ') || 'none'})`,
    );
    expect(untyped.length).toBeLessThanOrEqual(MAX_UNTYPED);
  });
});
