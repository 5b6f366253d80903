-- The final's certificates (docs/decisions/049-results-and-certificates.md): one per laureate and
-- finalist of a published result, each with a verification code derived from the published
-- snapshot under the database's key (nothing stored: the same snapshot gives the same codes), and
-- the public check of a code on /resultats, rate-limited per address. A participant who took
-- part gets, on request, a certificate of participation whose code is stored when an admin
-- issues it (docs/decisions/057-participation-certificates-and-their-link.md).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

-- One row per participant an admin issued a certificate of participation to: its code, so that
-- /resultats finds whom a code certifies (the final's snapshot only holds finalists).
create table public.participation_certificates (
  participant_id uuid not null,
  code text not null,
  edition_year integer not null,
  issued_at timestamptz default now() not null,
  issued_by uuid,
  constraint participation_certificates_pkey primary key (participant_id),
  constraint participation_certificates_code_key unique (code),
  constraint participation_certificates_code_check check (code ~ '^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$'::text),
  constraint participation_certificates_participant_fkey foreign key (participant_id) references public.participants(id) on delete cascade
);
comment on table public.participation_certificates is 'Certificates of participation issued on request (admin_participation_certificate): the code /resultats checks, the edition''s year, when and by whom (docs/decisions/057-participation-certificates-and-their-link.md).';
alter table public.participation_certificates enable row level security;
revoke all on public.participation_certificates from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A finalist's code: the first 12 hex digits of an HMAC-SHA256 of the category, the participant
-- and the snapshot's seal under private.final_results_key, as XXXX-XXXX-XXXX. Unguessable
-- without the key (48 bits, checked at the address's rate), tied to one published result.
create function private.final_certificate_code(category text, participant_id uuid, signature text)
returns text
language sql stable security definer set search_path = '' as $$
  select regexp_replace(upper(substr(encode(extensions.hmac(
           convert_to(final_certificate_code.category || ':' || final_certificate_code.participant_id
                      || ':' || final_certificate_code.signature, 'UTF8'),
           (select k.secret from private.final_results_key k), 'sha256'), 'hex'), 1, 12)),
         '(....)(....)(....)', '\1-\2-\3')
$$;
revoke all on function private.final_certificate_code(text,uuid,text) from public, anon, authenticated;

-- Every published finalist with their rank and code, per category: what a certificate says.
create function private.final_certificates() returns table (category text, published_at timestamptz,
  name text, rank integer, laureate boolean, code text)
language sql stable security definer set search_path = '' as $$
  select x.category, x.published_at, f ->> 'name', (f ->> 'rank')::integer,
         coalesce((f ->> 'rank')::integer <= 3, false),
         private.final_certificate_code(x.category, (f ->> 'participant_id')::uuid, x.signature)
    from public.final_result_snapshots x
    cross join lateral jsonb_array_elements(x.results -> 'finalists') f
   where f ->> 'participant_id' is not null
$$;
revoke all on function private.final_certificates() from public, anon, authenticated;

-- A participant's certificate of participation code: the same HMAC under the same key, of
-- 'participation:' and the participant (never a finalist's input), so that it is the same at
-- every issue and cannot be made without the key.
create function private.participation_certificate_code(participant_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select regexp_replace(upper(substr(encode(extensions.hmac(
           convert_to('participation:' || participation_certificate_code.participant_id, 'UTF8'),
           (select k.secret from private.final_results_key k), 'sha256'), 'hex'), 1, 12)),
         '(....)(....)(....)', '\1-\2-\3')
$$;
revoke all on function private.participation_certificate_code(uuid) from public, anon, authenticated;

-- Issues (or gives again) a participant's certificate of participation (admins). Who took part:
-- a performer the jury scored present on a card, or a participant convoked, finalist or laureate
-- not marked absent on every card of theirs; anyone else, or a participant in the bin, is refused
-- in French. The first issue stores the code and writes one 'participant.certificate_issue' row;
-- later calls (in parallel too: the primary key) answer the same code and write nothing.
create function public.admin_participation_certificate(participant_id uuid)
returns public.participation_certificate
language plpgsql volatile security definer set search_path = '' as $$
declare
  p public.participants;
  c public.participation_certificates;
  played boolean;
  absent_only boolean;
begin
  perform private.require_admin();
  select * into p from public.participants x
   where x.id = admin_participation_certificate.participant_id and x.deleted_at is null;
  if not found then
    raise exception 'Participant non trouvé.' using errcode = 'P0002', hint = 'not_found';
  end if;
  select coalesce(bool_or(not k.absent), false), coalesce(bool_and(k.absent), false)
    into played, absent_only
    from public.audition_scorecards k where k.participant_id = p.id;
  if not (played or (p.status in ('convoque', 'finaliste', 'laureat') and not absent_only)) then
    raise exception '%', 'Pas d’attestation de participation : ce participant n’a pas passé d’audition (il doit être convoqué, finaliste ou lauréat, ou noté présent par le jury).'
      using errcode = 'P0001', hint = 'not_a_participant';
  end if;
  insert into public.participation_certificates (participant_id, code, edition_year, issued_by)
  values (p.id, private.participation_certificate_code(p.id),
          (select extract(year from s.final_on)::integer from public.contest_settings s), auth.uid())
  on conflict on constraint participation_certificates_pkey do nothing
  returning * into c;
  if found then
    perform private.audit('participant.certificate_issue', 'participant', p.id::text,
      format('Attestation de participation délivrée à %s', coalesce(p.team_name, p.full_name)),
      null, jsonb_build_object('code', c.code, 'edition_year', c.edition_year));
  else
    select * into c from public.participation_certificates x where x.participant_id = p.id;
  end if;
  return row(p.id, coalesce(p.team_name, p.full_name), p.category, c.edition_year, c.issued_at,
             c.code)::public.participation_certificate;
end;
$$;
revoke all on function public.admin_participation_certificate(uuid) from public, anon, authenticated;
grant execute on function public.admin_participation_certificate(uuid) to authenticated;

-- A category's certificates (admins): refused until its results are published.
create function public.admin_final_certificates(category text)
returns setof public.final_certificate
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_admin();
  if admin_final_certificates.category is null
     or admin_final_certificates.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  if not exists (select 1 from public.final_result_snapshots x
                  where x.category = admin_final_certificates.category) then
    raise exception 'Publiez d’abord les résultats : les certificats en portent le code.'
      using errcode = 'P0001', hint = 'not_published';
  end if;
  return query
    select c.category, c.published_at, c.name, c.rank, c.laureate, c.code
      from private.final_certificates() c
     where c.category = admin_final_certificates.category
     order by c.rank nulls last, c.name;
end;
$$;
revoke all on function public.admin_final_certificates(text) from public, anon, authenticated;
grant execute on function public.admin_final_certificates(text) to authenticated;

-- Checks a certificate's code (everyone, /resultats): spaces, dashes and case do not matter.
-- Valid: the name, category, rank and publication it certifies (kind 'final'), or the participant,
-- category and edition of an issued certificate of participation (kind 'participation', its
-- participant not in the bin); otherwise valid = false. Every
-- check counts against the address's limit ('certificate_check': 30 in 10 minutes; 429 after).
create function public.final_certificate_verify(code text) returns public.certificate_check
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  v_code text := upper(regexp_replace(coalesce(final_certificate_verify.code, ''), '[^0-9A-Za-z]', '', 'g'));
  c record;
begin
  if v_code !~ '^[0-9A-F]{12}$' then
    perform private.invalid('code', 'Un code de vérification compte 12 caractères (chiffres et lettres A à F), par exemple 3F2A-9C01-B7DE.');
  end if;
  refused := private.take_rate_limit('certificate_check');
  if refused is not null then
    return jsonb_populate_record(null::public.certificate_check, refused);
  end if;
  select * into c from private.final_certificates() x where replace(x.code, '-', '') = v_code;
  if found then
    return row(true, c.name, c.category, c.rank, c.laureate, c.published_at,
               null, null, null, null, 'final', null)::public.certificate_check;
  end if;
  select coalesce(p.team_name, p.full_name) as name, p.category, x.issued_at, x.edition_year
    into c from public.participation_certificates x
    join public.participants p on p.id = x.participant_id and p.deleted_at is null
   where x.code = regexp_replace(v_code, '(....)(....)(....)', '\1-\2-\3');
  if found then
    return row(true, c.name, c.category, null, false, c.issued_at,
               null, null, null, null, 'participation', c.edition_year)::public.certificate_check;
  end if;
  return row(false, null, null, null, null, null, null, null, null, null, null, null)::public.certificate_check;
end;
$$;
revoke all on function public.final_certificate_verify(text) from public, anon, authenticated;
grant execute on function public.final_certificate_verify(text) to anon, authenticated;
