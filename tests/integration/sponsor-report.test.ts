/**
 * The sponsor's report (issue 41 item 6, docs/decisions/053-sponsor-report-xlsx.md): the
 * workbook the statistics page downloads, built from sponsor_report() on seeded rows and read
 * back as the sponsor opens it. Every figure equals a count made here in SQL on the same rows,
 * and the statistics' own figures are participant_stats() and edition_stats() unchanged.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { toStats } from '@/data/participants/mappers';
import { toSponsorReport } from '@/data/stats/sponsor-report';
import { SPONSOR_SHEETS, sponsorReportSheets } from '@/features/admin/stats/sponsor-report-sheets';
import { writeXlsx } from '@/features/admin/workbook/readable-export-xlsx';
import { testBackend } from '../setup/test-backend';
import { openRound, passes, vote } from './support/vote-fixtures';

const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
const judges: string[] = [];

let seq = 0;
async function participants(n: number, category: string, status: string, city: string) {
  const first = seq;
  seq += n;
  await backend.sql(
    `insert into participants (full_name, email, phone, city, region, category,
       participation_type, agree_to_terms, status)
     select 'Artiste ' || g, 'sponsor' || g || '@example.cm', '66' || lpad(g::text, 7, '0'),
            $4, 'Littoral', $3, 'solo', true, $5
       from generate_series($1::int + 1, $1::int + $2::int) g`,
    [first, n, category, city, status],
  );
}

/** A session in `city` on `day` judged by `who`, with one card per performer (absent or 7/10). */
async function session(city: string, day: string, who: string[], cards: boolean[]) {
  const [{ id }] = await backend.sql<{ id: string }>(
    `insert into audition_sessions (city, held_on, category, venue, state, locked_at)
     values ($1, $2::date, 'dance', 'Salle des fêtes', 'locked', now()) returning id::text`,
    [city, day],
  );
  for (const [i, judge] of who.entries())
    await backend.sql(
      `insert into audition_judges (session_id, user_id, is_lead, position) values ($1, $2, $3, $4)`,
      [id, judge, i === 0, i + 1],
    );
  const ids = await backend.sql<{ id: string }>(
    `select id::text from participants where city = $1 order by full_name limit $2`,
    [city, cards.length],
  );
  for (const [i, absent] of cards.entries())
    await backend.sql(
      `insert into audition_scorecards (id, session_id, judge_id, participant_id, absent, revision, total)
       values (gen_random_uuid(), $1, $2, $3, $4, 1, case when $4 then null else 7 end)`,
      [id, who[i % who.length], ids[i].id, absent],
    );
}

beforeAll(async () => {
  await backend.createUser('chef@example.cm', 'chef-password-123', { admin: true });
  await backend.createUser('lecteur@example.cm', 'lecteur-password-123', { role: 'lecteur' });
  await backend.createUser('regie@example.cm', 'regie-password-123', { role: 'regie' });
  for (const j of [1, 2, 3])
    judges.push(
      await backend.createUser(`jure${j}@example.cm`, 'jury-password-123', { role: 'jury' }),
    );
  admin = await backend.signedInClient('chef@example.cm', 'chef-password-123');
  reader = await backend.signedInClient('lecteur@example.cm', 'lecteur-password-123');
  const desk = await backend.signedInClient('regie@example.cm', 'regie-password-123');
  await backend.sql(
    'delete from participants; delete from reservations; delete from vote_rounds; delete from outbox; delete from audition_sessions',
  );
  await backend.setEdition({ capacity: 20, overbooking_percent: 10 });
  await backend.sql('update message_settings set sms_price_per_segment = 30');

  await participants(5, 'dance', 'inscrit', 'Douala');
  await participants(2, 'singing', 'convoque', 'Douala');
  await participants(3, 'singing', 'finaliste', 'Yaoundé');
  await participants(1, 'dance', 'laureat', 'Garoua');
  // Two sessions held (cards), one planned without a card: not held.
  await session('Douala', '2032-03-01', [judges[0], judges[1]], [false, false, true]);
  await session('Yaoundé', '2032-03-08', [judges[1], judges[2]], [false, false]);
  await backend.sql(
    `insert into audition_sessions (city, held_on, category, venue) values ('Limbe', '2032-03-15', 'both', 'Salle')`,
  );

  // Six entries: three at Porte 1, two at Porte 2, one by hand; two confirmed not entered.
  const entered = await passes(backend, 6, 'checked_in');
  await backend.sql(`update reservations set checked_in_door = 'Porte 2' where id = any ($1)`, [
    entered.slice(3, 5).map((p) => p.id),
  ]);
  await backend.sql(
    `update reservations set checked_in_door = null, checked_in_by_hand = true where id = $1`,
    [entered[5].id],
  );
  await passes(backend, 2, 'confirmed');
  const round = await openRound(admin, desk, 2, { position: 1, title: 'Manche danse' });
  for (const p of entered.slice(0, 4))
    expect(
      (await vote(backend.anonClient(), p.pass_code, round, round.candidates[0])).error,
    ).toBeNull();
  expect((await desk.rpc('regie_close_round', { id: round.id })).error).toBeNull();

  // Messages: 3 SMS sent (2 + 1 + 2 parts), one failed; 2 WhatsApp and 1 e-mail sent.
  await backend.sql(
    `insert into outbox (channel, recipient, template, body, segments, state, sent_at, dedupe_key)
     select c, case when c = 'email' then 'ami@example.cm' else '690000000' end, 'reminder', 'Rappel', s, st, case when st = 'sent' then now() end,
            'sponsor-test:' || g
       from (values (1, 'sms', 2, 'sent'), (2, 'sms', 1, 'sent'), (3, 'sms', 2, 'sent'),
                    (4, 'sms', 3, 'failed'), (5, 'whatsapp', null, 'sent'),
                    (6, 'whatsapp', null, 'sent'), (7, 'email', null, 'sent')) v(g, c, s, st)`,
  );
});

/** The workbook as the sponsor opens it: each sheet's rows, headers first. */
async function workbook(client: SupabaseClient) {
  const { data, error } = await client.rpc('sponsor_report');
  expect(error).toBeNull();
  const report = toSponsorReport(data);
  const file = await writeXlsx(ExcelJS, sponsorReportSheets(report, toStats(report.participants)));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file);
  const sheet = (name: string) => {
    const ws = book.getWorksheet(name);
    expect(ws, name).toBeDefined();
    const rows: unknown[][] = [];
    ws!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };
  return { data: data as Record<string, unknown>, book, sheet };
}

const count = async (sql: string) => Number((await backend.sql<{ n: string }>(sql))[0].n);

describe('sponsor_report', () => {
  it('gives the statistics page’s own figures, for admins and readers alike', async () => {
    for (const c of [admin, reader]) {
      const { data } = await workbook(c);
      expect(data.participants).toEqual((await c.rpc('participant_stats')).data);
      expect(data.edition).toEqual((await c.rpc('edition_stats')).data);
    }
  });

  it('writes ten French sheets whose figures are the database’s', async () => {
    const { book, sheet } = await workbook(reader);
    expect(book.worksheets.map((w) => w.name)).toEqual([...SPONSOR_SHEETS]);

    const summary = Object.fromEntries(sheet('Synthèse').slice(1) as [string, unknown][]);
    expect(summary['Total des inscriptions']).toBe(
      await count('select count(*) n from participants'),
    );
    expect(summary['Sessions de jury tenues']).toBe(2);
    expect(summary['Jurés']).toBe(3);
    expect(summary['Entrées à la Night Party']).toBe(
      await count('select count(*) n from reservations where checked_in_at is not null'),
    );
    expect(summary['Messages envoyés']).toBe(
      await count(`select count(*) n from outbox where state = 'sent'`),
    );
    expect(summary['Coût des SMS envoyés (FCFA)']).toBe(5 * 30);

    expect(sheet('Inscriptions par ville')).toEqual([
      ['Ville', 'Danse', 'Chant', 'Total'],
      ['Douala', 5, 2, 7],
      ['Yaoundé', 0, 3, 3],
      ['Garoua', 1, 0, 1],
    ]);
    expect(sheet('Parcours du concours')).toEqual([
      ['Statut', 'Danse', 'Chant', 'Total'],
      ['Inscrit', 5, 0, 5],
      ['Présélectionné', 0, 0, 0],
      ['Convoqué', 0, 2, 2],
      ['Finaliste', 0, 3, 3],
      ['Lauréat', 1, 0, 1],
      ['Refusé', 0, 0, 0],
    ]);
    expect(sheet('Auditions et jurys')).toEqual([
      [
        'Session',
        'Ville',
        'Jour',
        'Catégorie',
        'État',
        'Jurés',
        'Candidats notés',
        'Fiches de notes',
      ],
      ['Audition', 'Douala', '01/03/2032', 'Danse', 'Verrouillée', 2, 2, 2],
      ['Audition', 'Yaoundé', '08/03/2032', 'Danse', 'Verrouillée', 2, 2, 2],
    ]);
    expect(Object.fromEntries(sheet('Night Party').slice(1) as [string, unknown][])).toMatchObject({
      Capacité: 20,
      Réservations: 8,
      Confirmées: 8,
      Entrées: 6,
    });
    expect(sheet('Entrées par porte')).toEqual([
      ['Porte', 'Entrées'],
      ['Porte 1', 3],
      ['Porte 2', 2],
      ['À la main (administration)', 1],
    ]);
    const [, hour] = sheet('Entrées par heure');
    expect(hour[1]).toBe(6);
    expect(sheet('Vote du public')).toEqual([
      ['Manche', 'Titre', 'État', 'Votants', 'Pouvaient voter', 'Participation (%)'],
      [1, 'Manche danse', 'Vote clos', 4, 6, 66.7],
    ]);
    expect(sheet('Messages')).toEqual([
      ['Canal', 'Envoyés', 'Échecs', 'Parties SMS', 'Coût (FCFA)'],
      ['SMS', 3, 1, 5, 150],
      // No parts and no price per message for these channels: empty cells.
      ['WhatsApp', 2, 0],
      ['E-mail', 1, 0],
    ]);
  });

  it('is refused to everyone but admins and readers (tests/integration/rls-matrix-functions)', async () => {
    expect((await backend.anonClient().rpc('sponsor_report')).error?.code).toBe('42501');
  });
});
