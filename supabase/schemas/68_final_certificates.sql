-- The final's certificates (docs/decisions/049-results-and-certificates.md): one per laureate and
-- finalist of a published result, each with a verification code derived from the published
-- snapshot under the database's key (nothing stored: the same snapshot gives the same codes), and
-- the public check of a code on /resultats, rate-limited per address.

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
-- Valid: the name, category, rank and publication it certifies; otherwise valid = false. Every
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
  if not found then
    return row(false, null, null, null, null, null, null, null, null, null)::public.certificate_check;
  end if;
  return row(true, c.name, c.category, c.rank, c.laureate, c.published_at,
             null, null, null, null)::public.certificate_check;
end;
$$;
revoke all on function public.final_certificate_verify(text) from public, anon, authenticated;
grant execute on function public.final_certificate_verify(text) to anon, authenticated;
