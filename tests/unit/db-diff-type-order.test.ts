import { describe, expect, it } from 'vitest';
import {
  dropBeforeNewResult,
  typesInDependencyOrder,
} from '../../scripts/support/changed-results.ts';

/** How `npm run db:diff` orders what migra writes (docs/decisions/054-typed-answers.md). */
describe('db:diff statement order', () => {
  it('creates a composite type after the new types its fields name (migra writes them by name)', () => {
    const statements = [
      'create type "public"."cast_vote_answer" as ("ok" boolean, "candidate" vote_choice, "code" text);',
      'create type "public"."vote_pass_round" as ("id" uuid, "candidates" vote_line[]);',
      'create type "public"."vote_choice" as ("id" uuid, "number" integer);',
      'create type "public"."vote_line" as ("id" uuid, "line" text);',
      'CREATE OR REPLACE FUNCTION public.cast_vote(code text)',
    ];
    const names = typesInDependencyOrder(statements).map(
      (s) => /"public"\."(\w+)"/.exec(s)?.[1] ?? s.slice(0, 26),
    );
    expect(names.indexOf('vote_choice')).toBeLessThan(names.indexOf('cast_vote_answer'));
    expect(names.indexOf('vote_line')).toBeLessThan(names.indexOf('vote_pass_round'));
    expect(names.at(-1)).toBe('CREATE OR REPLACE FUNCTION');
  });

  it('drops a function whose result type changes just before creating it again', () => {
    const changed = new Map([['public.get_pass', ['public.get_pass(code text)']]]);
    expect(
      dropBeforeNewResult(
        [
          'create type "public"."pass_answer" as ("code" text);',
          'CREATE OR REPLACE FUNCTION public.get_pass(code text)',
        ],
        changed,
      ),
    ).toEqual([
      'create type "public"."pass_answer" as ("code" text);',
      'drop function public.get_pass(code text);',
      'CREATE OR REPLACE FUNCTION public.get_pass(code text)',
    ]);
  });
});
