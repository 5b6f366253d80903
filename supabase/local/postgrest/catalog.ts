import type { Sql } from '../sql-client.ts';
import pg from 'pg';
import { restError } from '../http.ts';

const { escapeLiteral } = pg;

/**
 * What PostgREST keeps in its schema cache, read from pg_catalog on demand (tables created
 * after start-up are visible at once). Only the `public` schema is exposed.
 */
export type Table = { oid: number; name: string; columns: string[] };

export type Relationship = {
  constraint: string;
  /** Columns of the table being embedded into, paired with… */
  localColumns: string[];
  /** …columns of the embedded table. */
  foreignColumns: string[];
  /** true when the embedded table holds the foreign key (one-to-many: an array). */
  toMany: boolean;
};

type RoutineArg = { name: string; type: string; hasDefault: boolean };

export type Routine = {
  name: string;
  args: RoutineArg[];
  returnsSet: boolean;
  returnType: string;
  /** 'c' composite, 'p' pseudo (void, record), 'b' base… */
  returnKind: string;
};

export async function findTable(tx: Sql, name: string): Promise<Table> {
  const { rows } = await tx.query<{ oid: number; columns: string[] }>(
    `select c.oid::int as oid,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                  order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`,
    [name],
  );
  if (!rows[0]) {
    throw restError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
    );
  }
  return { oid: rows[0].oid, name, columns: rows[0].columns };
}

export async function findRelationship(
  tx: Sql,
  from: Table,
  to: Table,
  hint: string | undefined,
): Promise<Relationship> {
  const { rows } = await tx.query<{
    constraint: string;
    owner: number;
    cols: string[];
    refcols: string[];
  }>(
    `select con.conname::text as constraint, con.conrelid::int as owner,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as refcols
       from pg_constraint con
      where con.contype = 'f'
        and ((con.conrelid = $1 and con.confrelid = $2) or (con.conrelid = $2 and con.confrelid = $1))`,
    [from.oid, to.oid],
  );
  const candidates = rows
    .map((r): Relationship => {
      // A self-reference is read as many-to-one (the row points at its parent).
      const toMany = r.owner === to.oid && r.owner !== from.oid;
      return {
        constraint: r.constraint,
        localColumns: toMany ? r.refcols : r.cols,
        foreignColumns: toMany ? r.cols : r.refcols,
        toMany,
      };
    })
    .filter(
      (r) =>
        !hint ||
        r.constraint === hint ||
        (r.localColumns.length === 1 && r.localColumns[0] === hint) ||
        (r.foreignColumns.length === 1 && r.foreignColumns[0] === hint),
    );
  if (candidates.length === 0) {
    throw restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from.name}' and '${to.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${from.name}' and '${to.name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    );
  }
  if (candidates.length > 1) {
    throw restError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from.name}' and '${to.name}'`,
      candidates.map((c) => c.constraint).join(', '),
      `Try changing '${to.name}' to one of: ${candidates.map((c) => `'${to.name}!${c.constraint}'`).join(', ')}.`,
    );
  }
  return candidates[0];
}

export type RoutineRow = {
  names: string[] | null;
  modes: string[] | null;
  types: string[];
  nargs: number;
  ndefaults: number;
  retset: boolean;
  rettype: string;
  typtype: string;
};

/**
 * The signatures of the public functions named `name`, as one statement without parameters: the
 * API sends it with the transaction's opening, in the same round trip (../rest.ts).
 */
export function routinesStatement(name: string): string {
  return `select p.proargnames::text[] as names, p.proargmodes::text[] as modes,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as types,
            p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
            p.proretset as retset, format_type(p.prorettype, null) as rettype,
            t.typtype::text as typtype
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = 'public' and p.proname = ${escapeLiteral(name)} and p.prokind = 'f'
      order by p.oid`;
}

/**
 * A fingerprint of those signatures (md5 of their rows), to check a schema cache against in the
 * same round trip as the call written from it.
 */
export function routinesFingerprint(name: string): string {
  return `select coalesce(md5(json_agg(r)::text), '') as fingerprint from (${routinesStatement(name)}) r`;
}

export function routinesOf(name: string, rows: RoutineRow[]): Routine[] {
  return rows.map((r) => {
    const inputNames = (r.names ?? []).filter(
      (_, i) => !r.modes || ['i', 'b', 'v'].includes(r.modes[i]),
    );
    return {
      name,
      args: r.types.map((type, i) => ({
        name: inputNames[i] ?? '',
        type,
        hasDefault: i >= r.nargs - r.ndefaults,
      })),
      returnsSet: r.retset,
      returnType: r.rettype,
      returnKind: r.typtype,
    };
  });
}
