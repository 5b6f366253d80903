import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backend, clients, ROLES, signInEveryRole, type Role } from './support/rls-matrix';

/**
 * The README's role table says exactly what each role runs (issue 38): its "Who / Runs" table
 * lists every function the API exposes, written `name()`, by who may call it; here each one is
 * called as each role (anon, a signed-in non-staff account and each staff role) and the
 * functions each is not refused for lack of rights (42501) must be exactly the README's. A
 * function the README gives a role and the database refuses, or the reverse, fails; so does a
 * function the README does not list at all.
 */
signInEveryRole();

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

/** The "Who / Runs" table: row label (backticks removed) -> the functions its cell names. */
function runsTable(): Map<string, string[]> {
  const lines = README.split('\n');
  const head = lines.findIndex((l) => /^\|\s*Who\s*\|\s*Runs\s*\|/.test(l));
  expect(head, 'the README has a "| Who | Runs |" table').toBeGreaterThan(-1);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break;
    const [who, runs] = line
      .split('|')
      .slice(1, 3)
      .map((c) => c.trim());
    rows.set(
      who.replaceAll('`', ''),
      [...runs.matchAll(/`([a-z_]+)\(\)`/g)].map((m) => m[1]),
    );
  }
  return rows;
}

/** What the README says a role runs: its row, "signed in" and "everyone" (admin: every row but visitors'). */
function readmeSays(role: Role, rows: Map<string, string[]>): string[] {
  const row = (who: string) => rows.get(who) ?? [];
  const staff = ['lecteur', 'controle', 'regie', 'jury', 'admin'];
  const own =
    role === 'anon'
      ? row('visitors')
      : role === 'user'
        ? row('signed in')
        : [...row('signed in'), ...(role === 'admin' ? staff.flatMap(row) : row(role))];
  return [...new Set([...row('everyone'), ...own])].sort();
}

/** Arguments of each type (unknown ids: a function's own refusal, not a lack of rights). */
const ARGUMENTS: Record<string, () => unknown> = {
  uuid: () => crypto.randomUUID(),
  'uuid[]': () => [crypto.randomUUID()],
  text: () => 'dance',
  jsonb: () => ({}),
  integer: () => 1,
  boolean: () => false,
  'timestamp with time zone': () => '2030-08-12T13:00:00Z',
};
/** Where a role's access depends on an argument: readers record the files of figures only. */
const OVERRIDES: Record<string, Record<string, unknown>> = {
  log_export: { what: 'presence_night_party', filters: {}, row_count: 0 },
};

describe('the README’s role table', () => {
  it('names every function the API exposes, and only those', async () => {
    const exposed = await backend.sql<{ name: string }>(
      `select distinct p.proname::text name from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and (has_function_privilege('anon', p.oid, 'execute')
                                        or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    );
    const listed = [...new Set([...runsTable().values()].flat())].sort();
    expect(listed).toEqual(exposed.map((f) => f.name));
  });

  it('gives each role exactly the functions the database lets it run', async () => {
    const functions = await backend.sql<{ name: string; args: string[]; types: string[] }>(
      `select p.proname::text name, coalesce(p.proargnames, '{}')::text[] args,
              array(select format_type(t, null) from unnest(p.proargtypes) t)::text[] types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and (has_function_privilege('anon', p.oid, 'execute')
                                        or has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    );
    const runs = Object.fromEntries(ROLES.map((r) => [r, [] as string[]])) as Record<
      Role,
      string[]
    >;
    for (const fn of functions) {
      for (const role of ROLES) {
        const args =
          OVERRIDES[fn.name] ??
          Object.fromEntries(fn.types.map((t, i) => [fn.args[i], ARGUMENTS[t]?.() ?? null]));
        const { error } = await clients[role].rpc(fn.name, args);
        if (error?.code !== '42501') runs[role].push(fn.name);
      }
    }
    const rows = runsTable();
    for (const role of ROLES) expect(runs[role], role).toEqual(readmeSays(role, rows));
  }, 120_000);
});
