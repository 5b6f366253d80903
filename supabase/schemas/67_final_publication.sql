-- Publishing the final's results (docs/decisions/047-the-final.md): once per category, from
-- published rules, locked final sessions and closed vote rounds, a snapshot sealed by the
-- database; what everyone reads on /resultats (the results) and /reglement (the published rules).

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- Publishes a category's results (admins): refused while the rules are unpublished, a final
-- session of the category is open (or none exists), a counted vote round is still open, or
-- nobody is ranked; published already: 409 already_published (parallel calls wait on the rules'
-- row, so one snapshot is stored). The snapshot keeps the computed results (formula, ranks,
-- tie-breaks, judges, the inputs' digest), its time, and an HMAC-SHA256 of the whole. One
-- 'final.results_publish' row.
create function public.admin_publish_final_results(category text) returns public.final_publication
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_category text := admin_publish_final_results.category;
  r public.final_rules;
  snap public.final_result_snapshots;
  open_ text;
  results_ jsonb;
  at_ timestamptz := now();
begin
  perform private.require_admin();
  if v_category is null or v_category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  select * into r from public.final_rules x where x.category = v_category for update;
  select * into snap from public.final_result_snapshots x where x.category = v_category;
  if found then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, format('Résultats déjà publiés le %s.',
             private.douala_time(snap.published_at)),
           'already_published'));
  elsif r.published_at is null then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, 'Publiez d’abord les règles de la finale.', 'rules_unpublished'));
  end if;
  -- FOR SHARE: an unlock of a session waits until the snapshot is stored.
  perform 1 from public.audition_sessions s
    where s.kind = 'final' and s.category in ('both', v_category) for share;
  if not found then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, 'Aucune session de finale pour cette catégorie.', 'no_final'));
  end if;
  select string_agg(format('Session de finale %s du %s encore ouverte', s.city,
                           to_char(s.held_on, 'DD/MM/YYYY')), ' ; ' order by s.held_on) into open_
    from public.audition_sessions s
   where s.kind = 'final' and s.category in ('both', v_category) and s.state <> 'locked';
  if open_ is not null then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, open_ || ' : verrouillez-la avant de publier.', 'session_open'));
  end if;
  select string_agg(format('Manche « %s » encore ouverte', v.title), ' ; ') into open_
    from public.vote_rounds v
   where v.id = any (r.vote_round_ids) and v.closed_at is null
     and (v.closes_at is null or v.closes_at > now());
  if open_ is not null then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, open_ || ' : ses votes ne sont pas encore tous comptés.', 'round_open'));
  end if;
  results_ := private.final_compute(v_category);
  if not exists (select 1 from jsonb_array_elements(results_ -> 'finalists') f
                  where f ->> 'rank' is not null) then
    return jsonb_populate_record(null::public.final_publication,
      private.refusal(409, 'Aucun finaliste noté : rien à publier.', 'no_results'));
  end if;
  insert into public.final_result_snapshots (category, published_at, published_by, results,
                                             inputs_digest, signature)
  values (v_category, at_, auth.uid(), results_, results_ ->> 'inputs_digest',
          encode(extensions.hmac(convert_to(jsonb_build_object('category', v_category,
                   'published_at', at_, 'results', results_)::text, 'UTF8'),
                 (select k.secret from private.final_results_key k), 'sha256'), 'hex'))
  returning * into snap;
  perform private.audit('final.results_publish', 'final_results', v_category,
    format('Résultats de la finale (%s) publiés : %s', private.audition_category_label(v_category),
           (select string_agg(format('%s. %s', f ->> 'rank', f ->> 'name'), ', ' order by o)
              from jsonb_array_elements(results_ -> 'finalists') with ordinality x(f, o)
             where (f ->> 'rank')::integer <= 3)),
    null, jsonb_build_object('snapshot_id', snap.id, 'inputs_digest', snap.inputs_digest,
                             'signature', snap.signature));
  return jsonb_populate_record(null::public.final_publication,
    jsonb_build_object('category', v_category, 'published_at', snap.published_at,
    'inputs_digest', snap.inputs_digest, 'signature', snap.signature));
end;
$$;
revoke all on function public.admin_publish_final_results(text) from public, anon, authenticated;
grant execute on function public.admin_publish_final_results(text) to authenticated;

-- The published results (everyone, /resultats): per category, the time results are expected
-- (once the rules are published) and, once published, the snapshot without any internal id or
-- the judges' far flags (a check for the organisers): names, ranks, scores, tie-breaks, the
-- judges as « Juré n », the cards unlocked, the time, the digest and the seal, and the criteria's
-- names by key. Not a declared type: a past publication keeps the shape the version that sealed
-- it stored (final_result_snapshots.results); a type would coerce or drop what the seal covers.
-- jsonb: finalists, judges and unlocks come from a sealed snapshot, in the shape its version wrote
create function public.final_results_public() returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object('category', r.category,
      'results_expected_at', case when r.published_at is not null then r.results_expected_at end,
      'published_at', x.published_at, 'inputs_digest', x.inputs_digest, 'signature', x.signature,
      'formula', x.results -> 'formula',
      'votes_total', x.results -> 'votes_total',
      'finalists', (select jsonb_agg(f - 'participant_id' order by o)
                      from jsonb_array_elements(x.results -> 'finalists') with ordinality y(f, o)),
      'judges', (select jsonb_agg(jsonb_build_object('label', j ->> 'label', 'is_lead', j -> 'is_lead')
                                  order by o)
                   from jsonb_array_elements(x.results -> 'judges') with ordinality y(j, o)),
      'card_unlocks', x.results -> 'card_unlocks',
      -- The criteria's names for the judges' marks (the snapshot keeps their keys).
      'criteria', case when x.id is not null then (select jsonb_agg(jsonb_build_object('key', a.key,
                    'label', a.label) order by a.position)
                    from public.audition_criteria a where a.category = r.category) end)
      order by r.category), '[]'::jsonb)
    from public.final_rules r
    left join public.final_result_snapshots x on x.category = r.category
$$;
revoke all on function public.final_results_public() from public, anon, authenticated;
grant execute on function public.final_results_public() to anon, authenticated;

-- The published rules (everyone, /reglement and /resultats): a category not yet published is
-- left out.
create function public.final_rules_public() returns setof public.final_rules_public_row
language sql stable security definer set search_path = '' as $$
  select x.* from public.final_rules r
   cross join lateral jsonb_populate_record(null::public.final_rules_public_row,
     private.final_rules_json(r) - 'vote_rounds' || jsonb_build_object(
       'vote_rounds', (select coalesce(jsonb_agg(jsonb_build_object('title', v.title)
                                                 order by v.position, v.created_at), '[]'::jsonb)
                         from public.vote_rounds v where v.id = any (r.vote_round_ids)))) x
   where r.published_at is not null
   order by r.category
$$;
revoke all on function public.final_rules_public() from public, anon, authenticated;
grant execute on function public.final_rules_public() to anon, authenticated;
