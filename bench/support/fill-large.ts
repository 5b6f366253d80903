/**
 * Fills a local database with a large edition: 50,000 participants (every third one a team of 2
 * to 5 people, so ~16,700 teams and ~41,700 members) and 20,000 reservations (one in ten a legacy
 * row with the city in `region`), in a few set-based statements (generate_series), in one
 * transaction. Registration capacity is raised so the data is a legal state of the database.
 *
 * Used by bench/run.ts and tests; it only needs something that runs SQL as a superuser (a
 * `pg` pool or client): the script is one multi-statement query, sent with the simple protocol.
 */
export type SqlRunner = { query(sql: string): Promise<unknown> };

export type FillOptions = { participants?: number; reservations?: number };

export const LARGE = { participants: 50_000, reservations: 20_000 } as const;

const REGIONS = `array['Adamaoua','Centre','Est','Extrême-Nord','Littoral','Nord','Nord-Ouest','Ouest','Sud','Sud-Ouest']`;
const CITIES = `array['Ngaoundéré','Yaoundé','Bertoua','Maroua','Douala','Garoua','Bamenda','Bafoussam','Ebolowa','Buea']`;
const FIRST = `array['Awa','Jean','Mireille','Samuel','Christelle','Boris','Aïcha','Franck','Nadège','Hervé','Laure','Patrick','Estelle','Junior','Sandrine','Arnaud','Carine','Yannick','Grace','Paul']`;
const LAST = `array['Ngono','Mbarga','Fotso','Ndiaye','Tchoupo','Essomba','Abena','Kamga','Nkoulou','Manga','Ewane','Talla','Bello','Etoa','Nguema','Owona']`;

function fillLargeSql({
  participants = LARGE.participants,
  reservations = LARGE.reservations,
}: FillOptions = {}): string {
  const n = Math.trunc(participants);
  const r = Math.trunc(reservations);
  return `
begin;
update public.contest_settings
   set registration_opens_at = now() - interval '90 days',
       registration_closes_at = now() + interval '60 days',
       max_participants = greatest(max_participants, ${n} + 1000);

-- The data is generated consistent with every rule (team sizes included). Checking the team-size
-- constraint triggers row by row would only slow the fill down, so triggers are off for it.
set local session_replication_role = replica;

insert into public.participants (id, full_name, email, phone, city, region, category,
  participation_type, team_name, link_to_work, description, agree_to_terms, created_at)
select ('c0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       (${FIRST})[1 + (g * 7) % 20] || ' ' || (${LAST})[1 + (g * 5) % 16] || ' ' || g,
       'participant' || g || '@example.cm',
       '6' || lpad(g::text, 8, '0'),
       (${CITIES})[ri], (${REGIONS})[ri],
       case when g % 5 in (0, 2) then 'singing' else 'dance' end,
       case when g % 3 = 0 then 'team' else 'solo' end,
       case when g % 3 = 0 then 'Team ' || g end,
       case when g % 4 = 0 then 'https://www.youtube.com/watch?v=bench' || g end,
       case when g % 2 = 0 then 'Sur scène depuis ' || (3 + g % 10) || ' ans.' end,
       true,
       now() - (g * interval '97 seconds')
  from (select g, case when g % 4 = 0 then 5 when g % 7 = 0 then 2 else 1 + (g * 3) % 10 end as ri
          from generate_series(1, ${n}) g) s;

insert into public.team_members (participant_id, position, full_name, email, phone)
select ('c0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, m,
       'Membre ' || m || ' de Team ' || g,
       case when m % 2 = 1 then 'membre' || m || '.' || g || '@example.cm' end,
       '2' || lpad(((g * 10 + m) % 100000000)::text, 8, '0')
  from generate_series(3, ${n}, 3) g, generate_series(1, 1 + (g / 3) % 4) m;

insert into public.reservations (id, full_name, phone, ville, region, attendance_status,
  heard_from, will_attend, attendance_barrier, follows_booster_page, consumes_booster_products,
  created_at)
select ('d0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
       (${FIRST})[1 + (g * 3) % 20] || ' ' || (${LAST})[1 + (g * 11) % 16] || ' ' || g,
       '66' || lpad(g::text, 7, '0'),
       case when g % 10 <> 0 then (${CITIES})[1 + (g * 7) % 10] end,
       case when g % 10 = 0 then (${CITIES})[1 + (g / 10) % 10] end,
       (array['yes','yes','maybe','no'])[1 + g % 4],
       (array['flyer','social','social','wordOfMouth'])[1 + (g * 5) % 4],
       (array['yes','yes','no'])[1 + g % 3],
       (array['none','none','location','cost','distance','noCompanion','artists'])[1 + (g * 3) % 7],
       (array['yes','no'])[1 + g % 2],
       (array['yes','yes','no'])[1 + (g * 7) % 3],
       now() - (g * interval '4 minutes')
  from generate_series(1, ${r}) g;

commit;
analyze public.participants;
analyze public.team_members;
analyze public.reservations;
analyze private.participant_search;
`;
}

/** Runs the fill on `db` (a superuser pool or connection). */
export async function fillLarge(db: SqlRunner, options: FillOptions = {}): Promise<void> {
  await db.query(fillLargeSql(options));
}
