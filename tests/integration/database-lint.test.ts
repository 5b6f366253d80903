import { describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';

/**
 * The database's security and performance rules (docs/decisions/007-abuse-resistance.md, 009),
 * read from the catalogue of the migrated database, in the spirit of Supabase's database linter:
 * RLS everywhere in the exposed schema, policies that evaluate the caller once per query, one
 * permissive policy per role and command, no definer views, a fixed search_path on every
 * function, no extension in `public`, and a known list of definer functions anonymous visitors
 * may call. A new table, policy or function that breaks one of them fails here with its name.
 */
const backend = testBackend();

/** The anonymous entry points, on purpose (each checks its input, proof of work or code). */
const ANON_ENTRY_POINTS = [
  'cancel_reservation',
  'cast_vote',
  'create_reservation',
  'edition_info',
  'final_certificate_verify',
  'final_results_public',
  'final_rules_public',
  'get_pass',
  'pow_challenge',
  'recover_pass',
  'register_participant',
  'registration_status',
  'send_contact_message',
  'vote_screen_state',
  'vote_state',
];

/** The public vote's functions (docs/decisions/030-public-vote.md), checked by name below. */
const VOTE_FUNCTIONS = [
  'admin_delete_vote_round',
  'admin_save_vote_round',
  'admin_vote_results',
  'cast_vote',
  'regie_close_round',
  'regie_open_round',
  'regie_reset_screen',
  'regie_reveal_round',
  'vote_rounds_list',
  'vote_screen_state',
  'vote_state',
];

const names = async (query: string) =>
  (await backend.sql<{ name: string }>(query)).map((r) => r.name).sort();

describe('database rules', () => {
  it('has row level security on every table of the exposed schema', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
          and not c.relrowsecurity`),
    ).toEqual([]);
  });

  it('evaluates the caller once per query in every policy (select-wrapped calls)', async () => {
    const policies = await backend.sql<{ name: string; expr: string }>(
      `select schemaname || '.' || tablename || ' ' || policyname as name,
              coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
         from pg_policies where schemaname in ('public', 'private')`,
    );
    const perRow = policies.filter(({ expr }) =>
      // A call to auth.*, private.* or current_setting() not directly under SELECT.
      /(?<!SELECT )\b(auth\.\w+|private\.\w+|current_setting)\(/.test(expr),
    );
    expect(perRow.map((p) => `${p.name}: ${p.expr}`)).toEqual([]);
  });

  it('has at most one permissive policy per table, role and command', async () => {
    expect(
      await names(`select format('%s %s %s', p.tablename, r.role, p.cmd) as name
        from pg_policies p, unnest(p.roles) as r(role)
        where p.schemaname = 'public' and p.permissive = 'PERMISSIVE'
        group by p.tablename, r.role, p.cmd having count(*) > 1`),
    ).toEqual([]);
  });

  it('has no policy that lets anyone write everything', async () => {
    expect(
      await names(`select tablename || ' ' || policyname as name from pg_policies
        where schemaname = 'public' and cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
          and (btrim(coalesce(qual, '')) = 'true' or btrim(coalesce(with_check, '')) = 'true')`),
    ).toEqual([]);
  });

  it('has no view in the exposed schema that runs with its owner’s rights', async () => {
    expect(
      await names(`select c.relname as name from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
          and not coalesce(c.reloptions @> array['security_invoker=true'], false)`),
    ).toEqual([]);
  });

  it('fixes the search_path of every function of ours', async () => {
    expect(
      await names(`select n.nspname || '.' || p.proname as name
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')
          and not exists (select 1 from pg_depend d
                           where d.objid = p.oid and d.deptype = 'e')
          and not coalesce(p.proconfig::text like '%search_path=%', false)`),
    ).toEqual([]);
  });

  it('installs no extension in public', async () => {
    expect(
      await names(`select e.extname as name from pg_extension e
        where e.extnamespace = 'public'::regnamespace`),
    ).toEqual([]);
  });

  it('lets anonymous visitors call only the intended definer functions', async () => {
    expect(
      await names(`select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prosecdef
          and has_function_privilege('anon', p.oid, 'execute')`),
    ).toEqual(ANON_ENTRY_POINTS);
  });

  it('checks the caller’s role in every other definer function signed-in users may call', async () => {
    const unguarded = await backend.sql<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prosecdef
          and has_function_privilege('authenticated', p.oid, 'execute')
          and not has_function_privilege('anon', p.oid, 'execute')
          and p.prosrc !~ '(has_role|is_admin|require_[a-z_]+|auth\\.uid)\\('`,
    );
    expect(unguarded.map((r) => r.name)).toEqual([]);
  });

  it('covers the public vote: definer functions with an empty search_path, staff ones guarded', async () => {
    const rows = await backend.sql<{
      name: string;
      definer: boolean;
      config: string[];
      guarded: boolean;
    }>(
      `select p.proname as name, p.prosecdef as definer, p.proconfig as config,
              p.prosrc ~ '(has_role|is_admin|require_[a-z_]+)\\(' as guarded
         from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname = any ($1)
        order by 1`,
      [VOTE_FUNCTIONS],
    );
    expect(rows.map((r) => r.name)).toEqual(VOTE_FUNCTIONS);
    for (const r of rows) {
      expect(r, r.name).toMatchObject({ definer: true, config: ['search_path=""'] });
      const forEveryone = ['cast_vote', 'vote_state', 'vote_screen_state'].includes(r.name);
      expect(r.guarded, r.name).toBe(!forEveryone);
    }
    // The private helpers they call fix their search_path too, and none is callable by anon.
    const helpers = await backend.sql<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'private'::regnamespace and p.proname like 'vote%'
          and (not coalesce(p.proconfig::text like '%search_path=%', false)
               or has_function_privilege('anon', p.oid, 'execute'))`,
    );
    expect(helpers).toEqual([]);
  });

  // Last: proves the queries above find what they look for (then removes the probes).
  it('catches a table without RLS, a per-row policy and an open definer function', async () => {
    await backend.sql(`create table public.lint_probe (id int primary key)`);
    await backend.sql(`create table public.lint_probe_rls (id int primary key)`);
    await backend.sql(`alter table public.lint_probe_rls enable row level security`);
    await backend.sql(`create policy lint_probe_read on public.lint_probe_rls for select
      to authenticated using (private.is_admin())`);
    await backend.sql(`create function public.lint_probe_fn() returns int
      language sql security definer as 'select 1'`);
    await backend.sql(`grant execute on function public.lint_probe_fn() to anon, authenticated`);
    try {
      expect(
        await names(`select c.relname as name from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
            and not c.relrowsecurity`),
      ).toEqual(['lint_probe']);
      const [policy] = await backend.sql<{ expr: string }>(
        `select qual as expr from pg_policies where policyname = 'lint_probe_read'`,
      );
      expect(/(?<!SELECT )\b(auth\.\w+|private\.\w+|current_setting)\(/.test(policy.expr)).toBe(
        true,
      );
      expect(
        await names(`select p.proname as name from pg_proc p
          where p.pronamespace = 'public'::regnamespace and p.prosecdef
            and has_function_privilege('anon', p.oid, 'execute')
            and not coalesce(p.proconfig::text like '%search_path=%', false)`),
      ).toEqual(['lint_probe_fn']);
    } finally {
      await backend.sql(`drop function public.lint_probe_fn()`);
      await backend.sql(`drop table public.lint_probe, public.lint_probe_rls`);
    }
  });
});
