/**
 * The `grant` and `revoke` statements that take one database's privileges to another's, for
 * functions, tables, views, sequences, columns and schemas: migra (@pgkit/migra) writes only
 * tables' grants, and here every function's `execute` is the wall
 * (docs/decisions/001-supabase-rls-as-the-wall.md, 041-generated-migrations.md).
 * Compared after the generated statements ran, so a new function is compared with the
 * privileges it was created with (the default privileges), not with none.
 */
import pg from 'pg';

const OURS = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
  and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'`;
const notExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.classid = '${catalog}'::regclass
                 and d.objid = ${oid} and d.deptype = 'e')`;
const grantee = `case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end`;

/** One row per privilege: the object as `grant … on` names it, the privilege, to whom. */
const PRIVILEGES = `
  select 'function ' || p.oid::regprocedure::text as object, a.privilege_type as privilege,
         ${grantee} as grantee, a.is_grantable as grantable
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
         aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
   where ${OURS} and p.prokind in ('f', 'p', 'w') and ${notExtension('pg_proc', 'p.oid')}
  union all
  select case c.relkind when 'S' then 'sequence ' else 'table ' end || c.oid::regclass::text,
         a.privilege_type, ${grantee}, a.is_grantable
    from pg_class c join pg_namespace n on n.oid = c.relnamespace,
         aclexplode(coalesce(c.relacl, acldefault((case c.relkind when 'S' then 's' else 'r' end)::"char",
                                                  c.relowner))) a
   where ${OURS} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
     and ${notExtension('pg_class', 'c.oid')}
  union all
  select 'column ' || quote_ident(att.attname) || ' ' || c.oid::regclass::text,
         a.privilege_type, ${grantee}, a.is_grantable
    from pg_attribute att join pg_class c on c.oid = att.attrelid
         join pg_namespace n on n.oid = c.relnamespace, aclexplode(att.attacl) a
   where ${OURS} and att.attnum > 0 and not att.attisdropped
     and ${notExtension('pg_class', 'c.oid')}
  union all
  select 'schema ' || quote_ident(n.nspname), a.privilege_type, ${grantee}, a.is_grantable
    from pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
   where ${OURS}`;

type Privilege = { object: string; privilege: string; grantee: string; grantable: boolean };

async function readPrivileges(connectionString: string): Promise<Map<string, Privilege>> {
  const db = new pg.Client({ connectionString });
  await db.connect();
  try {
    await db.query(`set search_path = ''`);
    const { rows } = await db.query<Privilege>(PRIVILEGES);
    return new Map(rows.map((row) => [JSON.stringify(row), row]));
  } finally {
    await db.end();
  }
}

/** `grant select (name) on table public.t` for a column, `grant execute on function …` else. */
function statement(verb: 'grant' | 'revoke', { object, privilege, grantee, grantable }: Privilege) {
  const [kind, ...rest] = object.split(' ');
  const on =
    kind === 'column'
      ? `${privilege.toLowerCase()} (${rest[0]}) on table ${rest.slice(1).join(' ')}`
      : `${privilege.toLowerCase()} on ${kind} ${rest.join(' ')}`;
  return verb === 'grant'
    ? `grant ${on} to ${grantee}${grantable ? ' with grant option' : ''};`
    : `revoke ${on} from ${grantee};`;
}

/** Revokes first (a privilege whose grant option changed is revoked, then granted again). */
export async function privilegeStatements(fromUrl: string, targetUrl: string): Promise<string[]> {
  const [from, target] = await Promise.all([readPrivileges(fromUrl), readPrivileges(targetUrl)]);
  const objects = new Set([...target.values()].map((p) => p.object));
  const revokes = [...from]
    .filter(([key, p]) => !target.has(key) && objects.has(p.object))
    .map(([, p]) => statement('revoke', p));
  const grants = [...target]
    .filter(([key]) => !from.has(key))
    .map(([, p]) => statement('grant', p));
  return [...revokes, ...grants];
}
