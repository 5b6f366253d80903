import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { cleanLine, hasLetterOrDigit, isValidEmail } from '@/lib/validation';
import { testBackend } from '../setup/test-backend';
import {
  defaultIgnorables,
  fillerNames,
  FILLERS,
  GOOD_EMAILS,
  HOSTILE_EMAILS,
  REAL_NAMES,
} from '../setup/text-cases';

/**
 * Names need a letter, and e-mail addresses cannot carry mailto: syntax, whatever writes them
 * (docs/decisions/019-visible-text-and-safe-links.md): each public function, the admin's edit,
 * and the tables' own constraints.
 */
const backend = testBackend();
type Fn = 'register_participant' | 'create_reservation' | 'send_contact_message';

const call = async (fn: Fn, payload: Record<string, unknown>) => {
  const res = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ payload: { ...payload, pow: await backend.proofOfWork() } }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

let serial = 0;
const phone = (prefix: string) => `${prefix}${String(++serial).padStart(7, '0')}`;

const registration = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  full_name: 'Awa Ndongo',
  email: `awa${++serial}@example.cm`,
  phone: phone('65'),
  city: 'Douala',
  region: 'Littoral',
  category: 'dance',
  participation_type: 'solo',
  agree_to_terms: true,
  team_members: [],
  ...over,
});
const team = (over: Record<string, unknown> = {}) =>
  registration({
    participation_type: 'team',
    team_name: 'Les Lions',
    team_members: [{ full_name: 'Jean Mbarga', phone: phone('67'), email: '' }],
    ...over,
  });
const reservation = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  full_name: 'Marie Nana',
  phone: phone('66'),
  ville: 'Yaoundé',
  attendance_status: 'yes',
  heard_from: 'social',
  will_attend: 'yes',
  attendance_barrier: 'none',
  follows_booster_page: 'yes',
  consumes_booster_products: 'no',
  ...over,
});
const message = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  name: 'Paul Biya',
  email: `paul${++serial}@example.cm`,
  subject: 'Question',
  message: 'Bonjour, une question sur le concours.',
  ...over,
});

/** Each name field of each public function, with its French message (the forms' own). */
const NAME_FIELDS: [string, Fn, (value: string) => Record<string, unknown>, string, string][] = [
  [
    'registrant',
    'register_participant',
    (v) => registration({ full_name: v }),
    'full_name',
    'Le nom complet est obligatoire',
  ],
  [
    'city',
    'register_participant',
    (v) => registration({ city: v }),
    'city',
    'La ville est obligatoire',
  ],
  [
    'team name',
    'register_participant',
    (v) => team({ team_name: v }),
    'team_name',
    "Le nom de l'équipe est obligatoire",
  ],
  [
    'team member',
    'register_participant',
    (v) => team({ team_members: [{ full_name: v, phone: phone('67'), email: '' }] }),
    'team_members',
    'Le nom du membre est obligatoire',
  ],
  [
    'reservation',
    'create_reservation',
    (v) => reservation({ full_name: v }),
    'full_name',
    'Le nom est obligatoire',
  ],
  [
    'ville',
    'create_reservation',
    (v) => reservation({ ville: v }),
    'ville',
    'La ville est obligatoire',
  ],
  ['sender', 'send_contact_message', (v) => message({ name: v }), 'name', 'Le nom est obligatoire'],
  [
    'subject',
    'send_contact_message',
    (v) => message({ subject: v }),
    'subject',
    'Le sujet est obligatoire',
  ],
];

/** `statement` with the tables' triggers off (as a bulk load): only the CHECK constraints judge. */
async function withoutTriggers(statement: string): Promise<unknown> {
  const client = await backend.db.admin.connect();
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    return await client.query(statement);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

const counts = async () =>
  (
    await backend.sql<{ n: number }>(
      `select ((select count(*) from participants) + (select count(*) from reservations)
            + (select count(*) from contact_messages))::int as n`,
    )
  )[0].n;

beforeEach(async () => {
  await backend.sql(`
    delete from participants; delete from reservations; delete from contact_messages;
    update private.rate_limits set max_per_address = 100000;
    update contest_settings set registration_opens_at = now() - interval '1 day',
      registration_closes_at = now() + interval '1 day', max_participants = 2000;`);
});

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

describe('one e-mail rule', () => {
  it('is the forms’ rule exactly: the same verdict on every address', async () => {
    const all = [...GOOD_EMAILS, ...HOSTILE_EMAILS];
    const rows = await backend.sql<{ ok: boolean }>(
      `select private.email_is_valid(e) ok from unnest($1::text[]) with ordinality u(e, i) order by i`,
      [all],
    );
    expect(Object.fromEntries(all.map((e, i) => [e, rows[i].ok])), 'database').toEqual(
      Object.fromEntries(all.map((e) => [e, GOOD_EMAILS.includes(e)])),
    );
    expect(Object.fromEntries(all.map((e) => [e, isValidEmail(e)])), 'forms').toEqual(
      Object.fromEntries(all.map((e) => [e, GOOD_EMAILS.includes(e)])),
    );
  });

  const EMAIL_FIELDS: [string, Fn, (value: string) => Record<string, unknown>, string][] = [
    ['registrant', 'register_participant', (v) => registration({ email: v }), 'email'],
    [
      'team member',
      'register_participant',
      (v) => team({ team_members: [{ full_name: 'Jean Mbarga', phone: phone('67'), email: v }] }),
      'team_members',
    ],
    ['sender', 'send_contact_message', (v) => message({ email: v }), 'email'],
  ];

  it.each(EMAIL_FIELDS)(
    'refuses a hostile address of a %s (%s), and accepts a good one',
    async (_, fn, build, field) => {
      for (const email of HOSTILE_EMAILS) {
        const res = await call(fn, build(email));
        expect(res, email).toMatchObject({
          status: 400,
          body: { message: 'Adresse email invalide', hint: 'invalid_field', details: field },
        });
      }
      expect(await counts()).toBe(0);
      for (const email of GOOD_EMAILS) {
        expect((await call(fn, build(email))).status, email).toBe(200);
      }
    },
    60_000,
  );

  it('the tables refuse a hostile address whatever writes it (constraints)', async () => {
    const hostile = 'victime@example.cm?bcc=espion%40example.org&body=x';
    const [{ id }] = await backend.sql<{ id: string }>(
      `insert into participants (full_name, email, phone, city, region, category,
         participation_type, team_name, agree_to_terms)
       values ('Awa', 'awa@example.cm', '651000009', 'Douala', 'Littoral', 'dance', 'solo', null, true)
       returning id`,
    );
    const statements = [
      `update participants set email = '${hostile}' where id = '${id}'`,
      `insert into team_members (participant_id, position, full_name, email, phone)
       values ('${id}', 1, 'Jean', '${hostile}', '671000009')`,
      `insert into contact_messages (name, email, subject, message)
       values ('Paul', '${hostile}', 'Question', 'Bonjour, une question.')`,
      `update edition_settings set contact_email = '${hostile}'`,
    ];
    for (const statement of statements) {
      await expect(withoutTriggers(statement), statement).rejects.toMatchObject({
        code: '23514',
      });
    }
  });
});

describe('the admin’s edit', () => {
  let admin: SupabaseClient;
  beforeAll(async () => {
    await backend.createUser('h4-admin@example.cm', 'MotDePasse2025', { admin: true });
    admin = await backend.signedInClient('h4-admin@example.cm', 'MotDePasse2025');
  });

  const stored = async () => {
    // One statement: a team has its members when the transaction ends (participants_team).
    const [{ id }] = await backend.sql<{ id: string }>(
      `with p as (
         insert into participants (full_name, email, phone, city, region, category,
           participation_type, team_name, agree_to_terms)
         values ('Awa Ndongo', 'awa@example.cm', '651000010', 'Douala', 'Littoral', 'dance',
           'team', 'Les Lions', true) returning id),
       m as (insert into team_members (participant_id, position, full_name, phone)
         select id, 1, 'Jean Mbarga', '671000010' from p)
       select id from p`,
    );
    return id;
  };
  const member = (over: Record<string, string> = {}) => ({
    full_name: 'Jean Mbarga',
    phone: '671000010',
    email: '',
    ...over,
  });

  it('refuses names without a letter and hostile addresses with the field’s French message', async () => {
    const id = await stored();
    const cases: [Record<string, unknown>, unknown, string, string][] = [
      [{ full_name: '\u3164\u3164' }, null, 'Le nom est obligatoire', 'full_name'],
      [{ city: '\u2066 \u2069' }, null, 'La ville est obligatoire', 'city'],
      [{ team_name: '\u{e0020}' }, null, "Le nom de l'équipe est obligatoire", 'team_name'],
      [{ email: 'awa@example.cm?bcc=espion@example.org' }, null, 'Adresse email invalide', 'email'],
      [
        {},
        [member({ full_name: '\u115f\u1160' })],
        'Le nom du membre est obligatoire',
        'team_members',
      ],
      [{}, [member({ email: 'jean@example.cm&body=x' })], 'Adresse email invalide', 'team_members'],
    ];
    for (const [patch, members, text, field] of cases) {
      const { error } = await admin.rpc('admin_update_participant', {
        p_id: id,
        p_patch: patch,
        p_members: members,
      });
      expect(error, JSON.stringify(patch)).toMatchObject({
        message: text,
        hint: 'invalid_field',
        details: field,
      });
    }
    expect(await backend.sql(`select full_name, city, team_name, email from participants`)).toEqual(
      [
        {
          full_name: 'Awa Ndongo',
          city: 'Douala',
          team_name: 'Les Lions',
          email: 'awa@example.cm',
        },
      ],
    );
  });

  it('stores a real name cleaned', async () => {
    const id = await stored();
    const { error } = await admin.rpc('admin_update_participant', {
      p_id: id,
      p_patch: { full_name: '\u2066Zoé\u200b  Ndongo 💃' },
      p_members: [member({ full_name: '李小龙\u3164' })],
    });
    expect(error).toBeNull();
    expect(
      await backend.sql(
        `select p.full_name, m.full_name as member from participants p join team_members m
           on m.participant_id = p.id`,
      ),
    ).toEqual([{ full_name: 'Zoé Ndongo 💃', member: '李小龙' }]);
  });
});
