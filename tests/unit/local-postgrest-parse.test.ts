/** The PostgREST query grammar of the embedded local backend (supabase/local/postgrest/parse.ts). */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../supabase/local/http';
import {
  parseFilter,
  parseList,
  parseLogic,
  parseOrder,
  parsePrefer,
  parseSelect,
} from '../../supabase/local/postgrest/parse';

const statusOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof HttpError ? error.status : -1;
  }
  return 0;
};

describe('PostgREST query grammar', () => {
  it('parses select lists with aliases, embedding and hints', () => {
    expect(
      parseSelect('id, name:full_name, team_members(position,full_name), p:parent!fk_x(*)'),
    ).toEqual([
      { kind: 'column', name: 'id', alias: undefined },
      { kind: 'column', name: 'full_name', alias: 'name' },
      {
        kind: 'embed',
        relation: 'team_members',
        alias: undefined,
        hint: undefined,
        items: [
          { kind: 'column', name: 'position', alias: undefined },
          { kind: 'column', name: 'full_name', alias: undefined },
        ],
      },
      { kind: 'embed', relation: 'parent', alias: 'p', hint: 'fk_x', items: [{ kind: 'star' }] },
    ]);
  });

  it('parses filters, negation, lists with quoted values and logic trees', () => {
    expect(parseFilter('age', 'not.gte.18')).toEqual({
      kind: 'filter',
      column: 'age',
      op: 'gte',
      negate: true,
      value: '18',
    });
    expect(parseList('(a,"b,c",d)')).toEqual(['a', 'b,c', 'd']);
    expect(parseLogic('or', false, '(name.ilike.*x*,and(a.eq.1,b.is.null),c.eq."q,r")')).toEqual({
      kind: 'logic',
      op: 'or',
      negate: false,
      children: [
        { kind: 'filter', column: 'name', op: 'ilike', negate: false, value: '*x*' },
        {
          kind: 'logic',
          op: 'and',
          negate: false,
          children: [
            { kind: 'filter', column: 'a', op: 'eq', negate: false, value: '1' },
            { kind: 'filter', column: 'b', op: 'is', negate: false, value: 'null' },
          ],
        },
        { kind: 'filter', column: 'c', op: 'eq', negate: false, value: 'q,r' },
      ],
    });
  });

  it('parses order terms and Prefer', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { column: 'created_at', desc: true, nulls: 'last' },
      { column: 'id', desc: false },
    ]);
    expect(parsePrefer('return=representation, count=exact', 'minimal')).toEqual({
      return: 'representation',
      count: true,
    });
    expect(parsePrefer('resolution=merge-duplicates', 'minimal')).toMatchObject({
      unsupported: 'Prefer: resolution=merge-duplicates',
    });
  });

  it('answers 400 for malformed input and 501 for PostgREST features it does not serve', () => {
    expect(statusOf(() => parseFilter('a', 'bogus.1'))).toBe(400);
    expect(statusOf(() => parseLogic('or', false, '(a.eq.1'))).toBe(400);
    expect(statusOf(() => parseFilter('tags', 'cs.{a}'))).toBe(501);
    expect(statusOf(() => parseFilter('a', 'eq(any).{1,2}'))).toBe(501);
    expect(statusOf(() => parseSelect('data->a'))).toBe(501);
    expect(statusOf(() => parseSelect('team_members!inner(*)'))).toBe(501);
  });
});
