import pg from 'pg';

/**
 * The functions whose result type changes (`returns jsonb` becoming a declared type, docs/
 * decisions/054-typed-answers.md), as `schema.name(argument types)`: PostgreSQL refuses
 * `create or replace` for them, so each is dropped first (its grants are given again by the
 * privilege statements that follow).
 */
export async function changedResults(
  url: (database: string) => string,
  names: { from: string; target: string },
): Promise<Map<string, string[]>> {
  const query = `select format('%I.%I(%s)', n.nspname, p.proname,
                               pg_get_function_identity_arguments(p.oid)) as signature,
                        n.nspname as schema, p.proname as name, pg_get_function_result(p.oid) as result
                   from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                  where n.nspname in ('public', 'private')`;
  type Row = { signature: string; schema: string; name: string; result: string };
  const read = async (database: string) => {
    const db = new pg.Client({ connectionString: url(database) });
    await db.connect();
    try {
      return (await db.query<Row>(query)).rows;
    } finally {
      await db.end();
    }
  };
  const [from, target] = await Promise.all([read(names.from), read(names.target)]);
  const before = new Map(from.map((r) => [r.signature, r.result]));
  const changed = new Map<string, string[]>();
  for (const r of target) {
    const was = before.get(r.signature);
    const key = `${r.schema}.${r.name}`;
    if (was !== undefined && was !== r.result)
      changed.set(key, [...(changed.get(key) ?? []), r.signature]);
  }
  return changed;
}

/**
 * `drop function <signature>;` before the `create or replace function` of each changed one
 * (migra writes it as pg_get_functiondef does: `CREATE OR REPLACE FUNCTION schema.name(`).
 */
export function dropBeforeNewResult(
  statements: string[],
  changed: Map<string, string[]>,
): string[] {
  if (changed.size === 0) return statements;
  return statements.flatMap((statement) => {
    const match = /^create or replace function "?(\w+)"?\."?(\w+)"?\(/i.exec(statement);
    const signatures = match ? changed.get(`${match[1]}.${match[2]}`) : undefined;
    changed.delete(match ? `${match[1]}.${match[2]}` : '');
    return [...(signatures ?? []).map((s) => `drop function ${s};`), statement];
  });
}

/**
 * migra writes `create type` statements in name order, unqualified: a composite type whose field
 * is another new composite (`cast_vote_answer.candidate vote_choice`) would come before it. The
 * new types are put back in an order where each comes after the types its fields name.
 */
export function typesInDependencyOrder(statements: string[]): string[] {
  const shape = /^create type "(\w+)"\."(\w+)" as \(/i;
  const types = statements.filter((s) => shape.test(s));
  const nameOf = (s: string) => shape.exec(s)![2];
  const uses = (s: string, name: string) =>
    nameOf(s) !== name && new RegExp(`[ ."]${name}"?(\\[\\])?[,)]`).test(s);
  const ordered: string[] = [];
  const visit = (s: string, path: string[]) => {
    if (ordered.includes(s) || path.includes(s)) return;
    for (const other of types) if (uses(s, nameOf(other))) visit(other, [...path, s]);
    ordered.push(s);
  };
  types.forEach((s) => visit(s, []));
  let next = 0;
  return statements.map((s) => (shape.test(s) ? ordered[next++] : s));
}
