/**
 * The catalogue of a database, read from pg_catalog, as one entry per object: what
 * tests/integration/declarative-schema.test.ts compares between a database built from
 * supabase/schemas/ and one built from supabase/migrations/
 * (docs/decisions/028-declarative-schema.md).
 *
 * Each entry is a key ("function private.audit(text, …)", "column public.participants.status")
 * and the object's definition as PostgreSQL prints it back (pg_get_functiondef,
 * pg_get_constraintdef, pg_get_indexdef…), so two databases are equal when PostgreSQL sees the
 * same objects, whatever the statements that made them.
 */
import pg from 'pg';

// Building the databases is shared with `npm run db:diff` (scripts/db-diff.ts,
// docs/decisions/041-generated-migrations.md): the tests import it from here as before.
export {
  buildDatabase,
  readScripts,
  schemaFiles,
  schemasDir,
} from '../../../supabase/local/schema-build.ts';

/** Tables whose rows the schema declares (settings the functions read): compared row by row. */
const REQUIRED_ROWS: Record<string, { orderBy: string; ignore: string[] }> = {
  'public.contest_settings': { orderBy: 'id', ignore: ['updated_at'] },
  'public.edition_settings': { orderBy: 'id', ignore: ['updated_at'] },
  'private.abuse_settings': { orderBy: 'id', ignore: ['updated_at'] },
  'private.rate_limits': { orderBy: 'action', ignore: [] },
  'private.door_settings': { orderBy: 'id', ignore: ['updated_at'] },
  'public.message_settings': { orderBy: 'id', ignore: ['updated_at'] },
  'private.participant_count': { orderBy: 'singleton', ignore: [] },
  // Random secrets: one row each, whatever its value.
  'private.pow_secret': { orderBy: 'id', ignore: ['secret'] },
  'private.reservation_directory_key': { orderBy: 'id', ignore: ['secret'] },
};

/** The system's own schemas, never ours. */
const SYSTEM = `('pg_catalog', 'information_schema', 'pg_toast')`;
/** Not a member of an extension (pgcrypto's functions, unaccent's…). */
const notExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend d where d.classid = '${catalog}'::regclass
                 and d.objid = ${oid} and d.deptype = 'e')`;
/** An ACL as sorted text: the order of `grant` statements does not matter. */
const acl = (column: string) => `array(select x::text from unnest(${column}) x order by 1)::text`;

const QUERIES: Record<string, string> = {
  schema: `select n.nspname as key,
      concat_ws(E'\\n', 'owner ' || pg_get_userbyid(n.nspowner), 'acl ' || ${acl('n.nspacl')},
                'comment ' || obj_description(n.oid, 'pg_namespace')) as def
    from pg_namespace n where n.nspname not in ${SYSTEM} and n.nspname not like 'pg_temp%'
      and n.nspname not like 'pg_toast_temp%'`,
  extension: `select e.extname as key, 'schema ' || e.extnamespace::regnamespace || E'\\nversion '
      || e.extversion as def from pg_extension e`,
  'default privileges': `select concat_ws(' ', pg_get_userbyid(a.defaclrole),
      coalesce(a.defaclnamespace::regnamespace::text, '(all schemas)'), a.defaclobjtype::text) as key,
      ${acl('a.defaclacl')} as def from pg_default_acl a`,
  relation: `select c.oid::regclass::text as key,
      concat_ws(E'\\n', 'kind ' || c.relkind::text, 'owner ' || pg_get_userbyid(c.relowner),
                'acl ' || ${acl('c.relacl')}, 'row level security ' || c.relrowsecurity,
                'forced ' || c.relforcerowsecurity, 'options ' || c.reloptions::text,
                'persistence ' || c.relpersistence::text,
                'comment ' || obj_description(c.oid, 'pg_class')) as def
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ${SYSTEM} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and ${notExtension('pg_class', 'c.oid')}`,
  column: `select c.oid::regclass::text || '.' || a.attname as key,
      concat_ws(E'\\n',
        'position ' || row_number() over (partition by c.oid order by a.attnum),
        'type ' || format_type(a.atttypid, a.atttypmod), 'not null ' || a.attnotnull,
        'default ' || pg_get_expr(d.adbin, d.adrelid), 'identity ' || nullif(a.attidentity::text, ''),
        'generated ' || nullif(a.attgenerated::text, ''),
        'collation ' || nullif(a.attcollation, t.typcollation)::regcollation,
        'acl ' || ${acl('a.attacl')}, 'comment ' || col_description(c.oid, a.attnum)) as def
    from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace join pg_type t on t.oid = a.atttypid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname not in ${SYSTEM} and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
      and a.attnum > 0 and not a.attisdropped and ${notExtension('pg_class', 'c.oid')}`,
  constraint: `select coalesce(nullif(c.conrelid, 0)::regclass::text,
        format_type(c.contypid, null)) || '.' || c.conname as key,
      pg_get_constraintdef(c.oid, true) || E'\\ncomment ' ||
        coalesce(obj_description(c.oid, 'pg_constraint'), '') as def
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where n.nspname not in ${SYSTEM} and ${notExtension('pg_constraint', 'c.oid')}`,
  index: `select i.indexrelid::regclass::text as key, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ${SYSTEM} and ${notExtension('pg_class', 'i.indrelid')}`,
  policy: `select p.schemaname || '.' || p.tablename || '.' || p.policyname as key,
      concat_ws(E'\\n', p.permissive, 'for ' || p.cmd, 'to ' || p.roles::text,
                'using ' || p.qual, 'with check ' || p.with_check) as def
    from pg_policies p`,
  trigger: `select t.tgrelid::regclass::text || '.' || t.tgname as key,
      pg_get_triggerdef(t.oid, true) || E'\\nenabled ' || t.tgenabled::text as def
    from pg_trigger t where not t.tgisinternal`,
  view: `select c.oid::regclass::text as key, pg_get_viewdef(c.oid, true) as def
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ${SYSTEM} and c.relkind in ('v', 'm')`,
  sequence: `select s.schemaname || '.' || s.sequencename as key,
      concat_ws(E'\\n', 'type ' || s.data_type, 'start ' || s.start_value,
        'min ' || s.min_value, 'max ' || s.max_value, 'increment ' || s.increment_by,
        'cycle ' || s.cycle, 'cache ' || s.cache_size,
        'owned by ' || (select d.refobjid::regclass::text || '.' || a.attname
                          from pg_depend d join pg_attribute a
                            on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                         where d.classid = 'pg_class'::regclass
                           and d.objid = (quote_ident(s.schemaname) || '.' ||
                                          quote_ident(s.sequencename))::regclass
                           and d.deptype in ('a', 'i'))) as def
    from pg_sequences s where s.schemaname not in ${SYSTEM}`,
  function: `select p.oid::regprocedure::text as key,
      pg_get_functiondef(p.oid) || E'\\nowner ' || pg_get_userbyid(p.proowner) || E'\\nacl '
        || ${acl('p.proacl')} || E'\\ncomment ' || coalesce(obj_description(p.oid, 'pg_proc'), '')
        as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in ${SYSTEM} and p.prokind in ('f', 'p', 'w')
      and ${notExtension('pg_proc', 'p.oid')}`,
  type: `select format_type(t.oid, null) as key,
      concat_ws(E'\\n', 'kind ' || t.typtype::text, 'owner ' || pg_get_userbyid(t.typowner),
        'acl ' || ${acl('t.typacl')},
        'labels ' || (select string_agg(e.enumlabel, ', ' order by e.enumsortorder)
                        from pg_enum e where e.enumtypid = t.oid),
        'base ' || case when t.typtype = 'd' then format_type(t.typbasetype, t.typtypmod) end,
        'not null ' || case when t.typtype = 'd' then t.typnotnull::text end,
        'default ' || t.typdefault, 'comment ' || obj_description(t.oid, 'pg_type')) as def
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname not in ${SYSTEM} and t.typtype in ('e', 'd', 'r', 'm')
      and ${notExtension('pg_type', 't.oid')}`,
};

/** Every object of the database: "kind key" → its definition as PostgreSQL prints it. */
export type Catalog = Map<string, string>;

export async function readCatalog(connectionString: string): Promise<Catalog> {
  const db = new pg.Client({ connectionString });
  await db.connect();
  try {
    // Every name schema-qualified ("public.participants"), whatever the session's path.
    await db.query(`set search_path = ''`);
    return await queryCatalog(db);
  } finally {
    await db.end();
  }
}

async function queryCatalog(db: pg.Client): Promise<Catalog> {
  const catalog: Catalog = new Map();
  for (const [kind, query] of Object.entries(QUERIES)) {
    const { rows } = await db.query<{ key: string; def: string | null }>(query);
    for (const row of rows) catalog.set(`${kind} ${row.key}`, row.def ?? '');
  }
  for (const [table, { orderBy, ignore }] of Object.entries(REQUIRED_ROWS)) {
    const { rows } = await db.query<{ def: string }>(
      `select coalesce(jsonb_pretty(jsonb_agg(to_jsonb(t) - $1::text[] order by t.${orderBy})),
                       'no rows') as def from ${table} t`,
      [ignore],
    );
    catalog.set(`rows ${table}`, rows[0].def);
  }
  return catalog;
}

/**
 * Whitespace outside string literals does not change what SQL means, but a hand-written
 * migration may indent a function differently from the schema file: runs of spaces, tabs and
 * line ends count as one space. Only those: a no-break space is text (docs/glossary.md).
 */
const normalise = (text: string) => text.replace(/[ \t\r\n]+/g, ' ').trim();

type Difference = { key: string; schema?: string; migrations?: string };

/** The entries that differ, by key; `undefined` where one side does not have the object. */
export function compareCatalogs(schema: Catalog, migrations: Catalog): Difference[] {
  const keys = [...new Set([...schema.keys(), ...migrations.keys()])].sort();
  return keys
    .filter((key) => {
      const a = schema.get(key);
      const b = migrations.get(key);
      return a === undefined || b === undefined || normalise(a) !== normalise(b);
    })
    .map((key) => ({ key, schema: schema.get(key), migrations: migrations.get(key) }));
}

/**
 * The differences as a reader wants them: each object's key, then its definition line by line,
 * `-` from the migrations, `+` from the schema files, unchanged lines indented.
 */
export function describeDifferences(differences: Difference[]): string {
  return differences
    .map(({ key, schema, migrations }) => {
      if (schema === undefined) return `${key}: only in supabase/migrations/\n${migrations}`;
      if (migrations === undefined) return `${key}: only in supabase/schemas/\n${schema}`;
      return `${key}: differs (- migrations, + schema files)\n${lineDiff(migrations, schema)}`;
    })
    .join('\n\n');
}

/** A line diff by longest common subsequence (definitions are at most a few hundred lines). */
function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const common = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i][j] =
        a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
  const lines: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(`  ${a[i++]}`);
      j++;
    } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) {
      lines.push(`+ ${b[j++]}`);
    } else {
      lines.push(`- ${a[i++]}`);
    }
  }
  return lines.join('\n');
}
