/**
 * Abuse resistance with nothing but the public anon key (docs/decisions/007-abuse-resistance.md):
 * arrays and randomised bad payloads, blank and badly written texts.
 * Shared calls and payloads: support/abuse.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  backend,
  Path,
  call,
  next,
  phoneOf,
  payloads,
  TABLE,
  PATHS,
  write,
  count,
  clearPublicWritesBeforeEach,
} from './support/abuse';

clearPublicWritesBeforeEach();

describe('payloads', () => {
  it('refuses arrays: a 100-row array stores nothing, through the function or the table', async () => {
    const rows = Array.from({ length: 100 }, () => payloads.create_reservation(next()));
    const asPayload = await call('create_reservation', { payload: rows });
    expect(asPayload.status).toBe(400);
    const direct = await fetch(`${backend.url}/rest/v1/reservations`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(rows),
    });
    expect(direct.status).toBe(401);
    const messages = Array.from({ length: 100 }, () => payloads.send_contact_message(next()));
    const inbox = await fetch(`${backend.url}/rest/v1/contact_messages`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(messages),
    });
    expect(inbox.status).toBe(401);
    expect(await count('reservations')).toBe(0);
    expect(await count('contact_messages')).toBe(0);
  });

  it('1,000 randomised bad payloads across the three paths store nothing and answer no 5xx', async () => {
    // A seeded generator: a failure can be replayed.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    // Never valid for a required field: not a string, empty or blank, far too long, NUL.
    const invalid = [
      null,
      '',
      ' ',
      '\t\u00a0\u200b',
      -1,
      1e308,
      true,
      [],
      {},
      ['x'],
      'x'.repeat(6000),
      '\u0000',
      { nested: { deep: [1, 2, 3] } },
    ];
    // Anything at all, for the fields left optional and for unknown ones.
    const noise = [
      ...invalid,
      "'; drop table participants; --",
      '6990011',
      'not-an-email',
      'javascript:alert(1)',
    ];
    const required: Record<Path, string[]> = {
      register_participant: [
        'full_name',
        'email',
        'phone',
        'city',
        'region',
        'category',
        'participation_type',
        'agree_to_terms',
      ],
      create_reservation: [
        'full_name',
        'phone',
        'ville',
        'attendance_status',
        'heard_from',
        'will_attend',
        'attendance_barrier',
        'follows_booster_page',
        'consumes_booster_products',
      ],
      send_contact_message: ['name', 'email', 'subject', 'message'],
    };
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const fn = pick(PATHS);
      const payload: Record<string, unknown> = payloads[fn](next());
      // One required field broken or missing, then up to two more changes of any kind.
      const broken = pick(required[fn]);
      if (random() < 0.2) delete payload[broken];
      else payload[broken] = pick(invalid);
      for (let k = 0; k < Math.floor(random() * 3); k++) {
        payload[
          pick([
            ...Object.keys(payload).filter((key) => key !== 'id' && key !== broken),
            'unexpected',
            'description',
            'team_name',
          ])
        ] = pick(noise);
      }
      if (fn === 'register_participant' && random() < 0.3) {
        payload.participation_type = 'team';
        payload.team_members = pick([[], [{}], [{ full_name: '\u200b', phone: 'x' }], 'x', [1]]);
      }
      const res = await write(fn, payload);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(
        res.status,
        `${fn} ${JSON.stringify(payload).slice(0, 300)} -> ${res.text}`,
      ).toBeLessThan(500);
    }
    console.info(`bad payloads: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(statuses.get(200) ?? 0).toBe(0);
    expect(await count('participants')).toBe(0);
    expect(await count('reservations')).toBe(0);
    expect(await count('contact_messages')).toBe(0);
  }, 120_000);
});

describe('text rules', () => {
  const blanks = {
    tab: '\t\t',
    nbsp: '\u00a0\u00a0',
    zeroWidth: '\u200b\u200c\ufeff',
    newline: '\n\r\n',
  };
  const cases: [Path, string, string][] = [
    ['register_participant', 'full_name', 'Le nom complet est obligatoire'],
    ['register_participant', 'city', 'La ville est obligatoire'],
    ['register_participant', 'team_name', 'Le nom de l’équipe est obligatoire'],
    ['create_reservation', 'full_name', 'Le nom est obligatoire'],
    ['create_reservation', 'ville', 'La ville est obligatoire'],
    ['send_contact_message', 'name', 'Le nom est obligatoire'],
    ['send_contact_message', 'subject', 'Le sujet est obligatoire'],
    ['send_contact_message', 'message', 'Le message est obligatoire'],
  ];
  it.each(cases)('%s refuses a blank %s with “%s”', async (fn, field, message) => {
    for (const blank of Object.values(blanks)) {
      const payload = payloads[fn](next());
      if (field === 'team_name') {
        Object.assign(payload, {
          participation_type: 'team',
          team_members: [{ full_name: 'Membre Un', phone: phoneOf(next(), '67') }],
        });
      }
      payload[field] = blank;
      const res = await write(fn, payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, hint: 'invalid_field', details: field });
    }
    expect(await count(TABLE[fn])).toBe(0);
  });

  it('stores names, cities and team names normalised', async () => {
    const payload = {
      ...payloads.register_participant(next()),
      full_name: ' Awa \u00a0\t Ndongo\u200b ',
      city: 'Douala\n',
      participation_type: 'team',
      team_name: '  Les   Lions ',
      team_members: [{ full_name: 'Jean\u00a0\u00a0Mbarga', phone: phoneOf(next(), '67') }],
    };
    expect((await write('register_participant', payload)).status).toBe(200);
    const [row] = await backend.sql(
      `select p.full_name, p.city, p.team_name, m.full_name as member
         from participants p join team_members m on m.participant_id = p.id`,
    );
    expect(row).toEqual({
      full_name: 'Awa Ndongo',
      city: 'Douala',
      team_name: 'Les Lions',
      member: 'Jean Mbarga',
    });
  });
});
