/**
 * Names need a letter, and e-mail addresses cannot carry mailto: syntax, whatever writes them
 * (docs/decisions/019-visible-text-and-safe-links.md): each public function, the admin's edit,
 * and the tables' own constraints.
 * Here: e-mail addresses, and the admin’s edit of both.
 * Shared writes and fields: support/visible-text.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { isValidEmail } from '@/lib/validation';
import { GOOD_EMAILS, HOSTILE_EMAILS } from '../setup/text-cases';
import {
  backend,
  Fn,
  call,
  phone,
  registration,
  team,
  message,
  withoutTriggers,
  counts,
  clearWritesBeforeEach,
} from './support/visible-text';

clearWritesBeforeEach();

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
      [{ team_name: '\u{e0020}' }, null, 'Le nom de l’équipe est obligatoire', 'team_name'],
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
