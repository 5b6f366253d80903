/**
 * The `comment on` statements that take one database's comments to another's: migra
 * (@pgkit/migra) writes no comments, and every table, column and function here has one
 * (docs/decisions/028-declarative-schema.md, 041-generated-migrations.md).
 */
import pg from 'pg';

/** Each comment of the database's own objects (not the system's, not an extension's members). */
const COMMENTS = `
  select o.type, o.identity, d.description
    from pg_catalog.pg_description d
   cross join lateral pg_catalog.pg_identify_object(d.classoid, d.objoid, d.objsubid) o
   where coalesce(o.schema, '') not in ('pg_catalog', 'information_schema', 'pg_toast')
     and not exists (select 1 from pg_catalog.pg_depend e
                      where e.classid = d.classoid and e.objid = d.objoid and e.deptype = 'e')`;

/** pg_identify_object's type → the word `comment on` takes, where its identity fits as is. */
const KEYWORDS: Record<string, string> = {
  table: 'table',
  'table column': 'column',
  'table constraint': 'constraint',
  view: 'view',
  'view column': 'column',
  'materialized view': 'materialized view',
  index: 'index',
  sequence: 'sequence',
  function: 'function',
  procedure: 'procedure',
  schema: 'schema',
  type: 'type',
  trigger: 'trigger',
  policy: 'policy',
  extension: 'extension',
};

type Comments = Map<string, { keyword: string; identity: string; text: string }>;

async function readComments(connectionString: string): Promise<Comments> {
  const db = new pg.Client({ connectionString });
  await db.connect();
  try {
    const { rows } = await db.query<{ type: string; identity: string; description: string }>(
      COMMENTS,
    );
    const comments: Comments = new Map();
    for (const row of rows) {
      const keyword = KEYWORDS[row.type];
      // Another kind (a domain's constraint…): left to the hand-written part, which the
      // catalogue check after the diff names.
      if (!keyword) continue;
      comments.set(`${keyword} ${row.identity}`, {
        keyword,
        identity: row.identity,
        text: row.description,
      });
    }
    return comments;
  } finally {
    await db.end();
  }
}

/** A string literal, as `quote_literal` writes it (no backslash escapes: standard strings). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `comment on … is …` for each comment the target has and `from` has not (or has otherwise),
 * and `is null` for one the target no longer has on an object it still has (a dropped object's
 * comment goes with it: the target itself tells, by running the statement and rolling back).
 */
export async function commentStatements(fromUrl: string, targetUrl: string): Promise<string[]> {
  const [from, target] = await Promise.all([readComments(fromUrl), readComments(targetUrl)]);
  const statements: string[] = [];
  for (const [key, { keyword, identity, text }] of target)
    if (from.get(key)?.text !== text)
      statements.push(`comment on ${keyword} ${identity} is ${literal(text)};`);
  const removed = [...from]
    .filter(([key]) => !target.has(key))
    .map(([, { keyword, identity }]) => `comment on ${keyword} ${identity} is null;`);
  if (removed.length === 0) return statements;
  const db = new pg.Client({ connectionString: targetUrl });
  await db.connect();
  try {
    await db.query('begin');
    for (const statement of removed) {
      await db.query('savepoint still_there');
      try {
        await db.query(statement);
        statements.push(statement);
      } catch {
        // The object is gone from the target: its comment with it.
      }
      await db.query('rollback to savepoint still_there');
    }
  } finally {
    await db.query('rollback').catch(() => undefined);
    await db.end();
  }
  return statements;
}
