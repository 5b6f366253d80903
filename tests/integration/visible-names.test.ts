/**
 * Names need a letter, and e-mail addresses cannot carry mailto: syntax, whatever writes them
 * (docs/decisions/019-visible-text-and-safe-links.md): each public function, the admin's edit,
 * and the tables' own constraints.
 * Here: names.
 * Shared writes and fields: support/visible-text.ts.
 */
import { describe, expect, it } from 'vitest';
import { cleanLine, hasLetterOrDigit } from '@/lib/validation';
import { defaultIgnorables, fillerNames, FILLERS, REAL_NAMES } from '../setup/text-cases';
import {
  backend,
  call,
  phone,
  team,
  message,
  NAME_FIELDS,
  withoutTriggers,
  counts,
  clearWritesBeforeEach,
} from './support/visible-text';

clearWritesBeforeEach();

describe('names need a letter', () => {
  it.each(NAME_FIELDS)(
    'a %s (%s) made only of fillers is refused, alone, repeated and among spaces',
    async (_, fn, build, field, text) => {
      for (const [label, filler] of Object.entries(FILLERS)) {
        for (const value of fillerNames(filler)) {
          const res = await call(fn, build(value));
          expect(res, `${label} ${JSON.stringify(value)}`).toMatchObject({
            status: 400,
            body: { message: text, hint: 'invalid_field', details: field },
          });
        }
      }
      // The whole Default_Ignorable_Code_Point set at once, and symbols with no letter (3 of
      // them: a reservation's name shorter than 3 characters gets the length's message first).
      for (const value of [defaultIgnorables().join(' '), '...', '- -', '😀😀😀']) {
        const res = await call(fn, build(value));
        expect(res.body, JSON.stringify(value).slice(0, 40)).toMatchObject({
          message: text,
          details: field,
        });
      }
      expect(await counts()).toBe(0);
    },
    120_000,
  );

  it.each(NAME_FIELDS)(
    'a real %s (%s) with accents, another script, a digit or an emoji is accepted',
    async (_, fn, build) => {
      for (const name of REAL_NAMES) {
        const res = await call(fn, build(name));
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    },
    60_000,
  );

  it('stores names without invisible characters, emoji sequences kept whole', async () => {
    const payload = team({
      full_name: '\u2066Awa\u200b \u3164Ndongo\u2069',
      city: 'Dou\u00adala\u2800',
      team_name: 'Les Lions \u{1F981}\ufe0f\ufe0f',
      team_members: [{ full_name: 'Famille 👨‍👩‍👧 \u200dJean', phone: phone('67'), email: '' }],
    });
    expect((await call('register_participant', payload)).status).toBe(200);
    const [row] = await backend.sql(
      `select p.full_name, p.city, p.team_name, m.full_name as member
         from participants p join team_members m on m.participant_id = p.id`,
    );
    expect(row).toEqual({
      full_name: 'Awa Ndongo',
      city: 'Douala',
      team_name: 'Les Lions \u{1F981}\ufe0f',
      member: 'Famille 👨‍👩‍👧 Jean',
    });
    const res = await call(
      'send_contact_message',
      message({ name: 'Zoé\u202e ❤️‍🔥', subject: '\u2067Re\u2069: concours' }),
    );
    expect(res.status).toBe(200);
    expect(await backend.sql('select name, subject from contact_messages')).toEqual([
      { name: 'Zoé ❤️‍🔥', subject: 'Re: concours' },
    ]);
  });

  it('cleans a line in the forms exactly as the database does', async () => {
    // Fixed cases, then random strings of letters, spaces, joiners, selectors and fillers.
    const alphabet = [
      'a',
      'é',
      '李',
      '2',
      ' ',
      '\u00a0',
      '\t',
      '\n',
      '\u2800',
      '\u200b',
      '\u200c',
      '\u200d',
      '\ufe0f',
      '\u{e0101}',
      '\u3164',
      '\u2066',
      '\u202e',
      '\u{e0020}',
      '\u{1F468}',
      '\u2764',
      '\u{1F3FD}',
      '\u0301',
      '\u00ad',
      '.',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const texts = [
      ...REAL_NAMES,
      ...Object.values(FILLERS).flatMap(fillerNames),
      '\ufe0f\u200dA\u200d \u200dB\ufe0f\ufe0f',
      '❤️‍🔥 \u200d\u200d x',
      ...Array.from({ length: 400 }, () =>
        Array.from(
          { length: 1 + Math.floor(random() * 8) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      ),
    ];
    const rows = await backend.sql<{ clean: string; letter: boolean }>(
      `select private.clean_line(t) clean, private.has_letter_or_digit(t) letter
         from unnest($1::text[]) with ordinality u(t, i) order by i`,
      [texts],
    );
    expect(rows.map((r) => r.clean)).toEqual(texts.map(cleanLine));
    expect(rows.map((r) => r.letter)).toEqual(texts.map(hasLetterOrDigit));
  });

  it('is one list of Unicode letters and digits, whatever the collation (no locale class)', async () => {
    // Every code point the database counts as a letter or digit, as ranges…
    const ranges = async (collation: string) =>
      backend.sql<{ lo: number; hi: number }>(`
        with hit as (
          select c from generate_series(1, 1114111) c
           where (c < 55296 or c > 57343)
             and private.has_letter_or_digit(chr(c) collate "${collation}"))
        select min(c) lo, max(c) hi from (select c, c - row_number() over (order by c) g from hit) x
         group by g order by lo`);
    // … and JavaScript's: \p{L} and \p{N} but not default-ignorable (the Hangul fillers).
    const expected: { lo: number; hi: number }[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (!/[\p{L}\p{N}]/u.test(c) || /\p{Default_Ignorable_Code_Point}/u.test(c)) continue;
      const last = expected.at(-1);
      if (last && last.hi === cp - 1) last.hi = cp;
      else expected.push({ lo: cp, hi: cp });
    }
    expect(await ranges('C')).toEqual(expected);
    // The same under Unicode-aware collations, where [[:alpha:]] itself answers differently.
    const names = [...REAL_NAMES, ...Object.values(FILLERS), 'é', 'Ωmega', '\u3164'];
    const collations = (
      await backend.sql<{ name: string }>(
        `select collname as name from pg_collation
          where collname in ('C', 'POSIX', 'ucs_basic', 'pg_c_utf8', 'und-x-icu', 'C.utf8')`,
      )
    ).map((r) => r.name);
    expect(collations).toContain('C');
    for (const collation of collations) {
      const rows = await backend.sql<{ ok: boolean }>(
        `select private.has_letter_or_digit(n collate "${collation}") ok
           from unnest($1::text[]) with ordinality u(n, i) order by i`,
        [names],
      );
      expect(
        rows.map((r) => r.ok),
        collation,
      ).toEqual(names.map((n) => /[\p{L}\p{N}]/u.test(n.replace(/\p{DI}/gu, ''))));
    }
    // Why: [[:alpha:]] depends on the collation ('é' is no letter in "C").
    const [alpha] = await backend.sql<{ c: boolean; unicode: boolean }>(
      `select 'é' ~ ('[[:alpha:]]' collate "C") c, 'é' ~ ('[[:alpha:]]' collate "und-x-icu") unicode`,
    );
    expect(alpha).toEqual({ c: false, unicode: true });
  }, 60_000);

  it('the tables refuse a name without a letter whatever writes it (constraints)', async () => {
    const statements = [
      `insert into participants (full_name, email, phone, city, region, category,
         participation_type, agree_to_terms)
       values ('\u3164\u3164', 'a@example.cm', '651000001', 'Douala', 'Littoral', 'dance', 'solo', true)`,
      `insert into participants (full_name, email, phone, city, region, category,
         participation_type, agree_to_terms)
       values ('Awa', 'a@example.cm', '651000001', '\u2800\u2800', 'Littoral', 'dance', 'solo', true)`,
      `insert into reservations (full_name, phone, ville, heard_from)
       values ('\u115f\u1160\u115f', '661000001', 'Douala', 'flyer')`,
      `insert into reservations (full_name, phone, ville, heard_from)
       values ('Marie', '661000001', '\u{e0020}\u{e0020}', 'flyer')`,
      `insert into contact_messages (name, email, subject, message)
       values ('\uffa0\uffa0', 'a@example.cm', 'Question', 'Bonjour, une question.')`,
      `insert into contact_messages (name, email, subject, message)
       values ('Paul', 'a@example.cm', '\u2066\u2069', 'Bonjour, une question.')`,
    ];
    for (const statement of statements) {
      // The trigger answers with the field's French message…
      await expect(backend.sql(statement), statement).rejects.toMatchObject({
        code: '22023',
        hint: 'invalid_field',
      });
      // … and without triggers (a bulk load), the CHECK constraint still refuses.
      await expect(withoutTriggers(statement), statement).rejects.toMatchObject({
        code: '23514',
      });
    }
    expect(await counts()).toBe(0);
  });
});
