/**
 * No visitor-typed link reaches an outgoing message (issue 38, finding 6;
 * docs/decisions/038-no-visitor-links-and-outbox-only.md): a person's or a team's name that
 * looks like a link is refused by the database whatever writes it, with the forms' message on
 * its field, and nothing is stored or queued. Ordinary names with dots, dashes and apostrophes
 * still pass. Payloads and fields: support/visible-text.ts; names: tests/setup/text-cases.ts.
 */
import { describe, expect, it } from 'vitest';
import { LINK_IN_NAME, looksLikeLink } from '@/lib/validation';
import { LINK_NAMES, PUNCTUATED_NAMES, REAL_NAMES } from '../setup/text-cases';
import {
  backend,
  call,
  clearWritesBeforeEach,
  counts,
  message,
  NAME_FIELDS,
  phone,
  registration,
  team,
  type Fn,
} from './support/visible-text';

clearWritesBeforeEach();

/** The name fields of people and teams (not the city or the subject), with the link message. */
const LINK_MESSAGES: Record<string, string> = {
  registrant: LINK_IN_NAME.name,
  'team name': LINK_IN_NAME.teamName,
  'team member': LINK_IN_NAME.memberName,
  reservation: LINK_IN_NAME.name,
  sender: LINK_IN_NAME.name,
};
const PERSON_FIELDS = NAME_FIELDS.filter(([label]) => label in LINK_MESSAGES).map(
  ([label, fn, build, field]) =>
    [label, fn, build, field, LINK_MESSAGES[label]] as [
      string,
      Fn,
      (v: string) => Record<string, unknown>,
      string,
      string,
    ],
);

const outboxRows = async () =>
  (await backend.sql<{ n: number }>('select count(*)::int n from outbox'))[0].n;

describe('names that look like links', () => {
  it.each(PERSON_FIELDS)(
    'a %s (%s) that looks like a link is refused on its field and nothing is stored; initials, dashes and apostrophes pass',
    async (_, fn, build, field, text) => {
      for (const name of LINK_NAMES) {
        const res = await call(fn, build(name));
        expect(res, JSON.stringify(name)).toMatchObject({
          status: 400,
          body: { message: text, hint: 'invalid_field', details: field },
        });
      }
      expect(await counts()).toBe(0);
      for (const name of [...PUNCTUATED_NAMES, ...REAL_NAMES]) {
        const res = await call(fn, build(name));
        expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      }
    },
    180_000,
  );

  it('issue 38: the link-named registration queues no e-mail in the organisers’ name', async () => {
    const before = await outboxRows();
    const attack = registration({
      full_name: 'https://paiement-booster.example/payer Dupont',
      email: 'cible@example.cm',
    });
    expect((await call('register_participant', attack)).status).toBe(400);
    expect(await outboxRows()).toBe(before);
    // The same registration with a real name is stored and its confirmation queued.
    expect((await call('register_participant', { ...attack, full_name: 'J. Dupont' })).status).toBe(
      200,
    );
    expect(await outboxRows()).toBe(before + 1);
  });

  it('an edit that gives a link for a name is refused too (the tables’ trigger)', async () => {
    expect((await call('register_participant', team())).status).toBe(200);
    expect((await call('send_contact_message', message())).status).toBe(200);
    const statements = [
      `update participants set full_name = 'Awa evil.com'`,
      `update participants set team_name = 'www.lions'`,
      `update team_members set full_name = 'mailto:x'`,
      `update contact_messages set name = 'x@y'`,
      `insert into reservations (full_name, phone, ville, heard_from)
       values ('https://x.cm', '${phone('66')}', 'Douala', 'flyer')`,
    ];
    for (const statement of statements) {
      await expect(backend.sql(statement), statement).rejects.toMatchObject({
        code: '22023',
        hint: 'invalid_field',
      });
    }
    // A change elsewhere in a row leaves its (unchanged) name alone.
    await backend.sql(`update participants set city = 'Yaoundé'`);
  });

  it('judges a name in the forms exactly as the database does', async () => {
    const alphabet = ['a', 'W', 'w', '.', '\u3002', '\uff0e', ':', '/', '@', ' ', '-', '7', 'é'];
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const texts = [
      ...LINK_NAMES,
      ...PUNCTUATED_NAMES,
      ...REAL_NAMES,
      ...Array.from({ length: 600 }, () =>
        Array.from(
          { length: 2 + Math.floor(random() * 7) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join(''),
      ),
    ];
    const rows = await backend.sql<{ link: boolean }>(
      `select private.looks_like_link(t) link
         from unnest($1::text[]) with ordinality u(t, i) order by i`,
      [texts],
    );
    expect(rows.map((r) => r.link)).toEqual(texts.map(looksLikeLink));
    expect(LINK_NAMES.every(looksLikeLink)).toBe(true);
    expect(PUNCTUATED_NAMES.some(looksLikeLink)).toBe(false);
    // The fields above are every person's or team's name of the public functions.
    expect(PERSON_FIELDS.map(([label]) => label)).toEqual(Object.keys(LINK_MESSAGES));
  });
});
