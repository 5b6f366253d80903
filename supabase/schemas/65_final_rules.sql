-- The final's rules per category (docs/decisions/047-the-final.md): the jury's and the public's
-- shares, the tie-break chain, the public vote rounds that count, published then frozen: a
-- change after publication is a proposal another admin approves, journaled and shown publicly
-- as « modifié le … ». The results are in 66_final_results.sql; what everyone reads of the
-- rules (final_rules_public) in 67_final_publication.sql.

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.final_rules (
  category text not null,
  jury_share integer default 100 not null,
  public_share integer default 0 not null,
  tiebreak text[] default '{jury,head_judge}'::text[] not null,
  tiebreak_criterion text,
  vote_round_ids uuid[] default '{}'::uuid[] not null,
  results_expected_at timestamptz,
  published_at timestamptz,
  published_by uuid,
  modified_at timestamptz,
  updated_at timestamptz default now() not null,
  constraint final_rules_pkey primary key (category),
  constraint final_rules_category_check check (category = any (array['dance'::text, 'singing'::text])),
  constraint final_rules_shares_check check (jury_share >= 0 and public_share >= 0 and jury_share + public_share = 100),
  constraint final_rules_public_rounds_check check ((public_share = 0) = (cardinality(vote_round_ids) = 0)),
  constraint final_rules_tiebreak_check check (tiebreak <@ array['jury'::text, 'criterion'::text, 'head_judge'::text] and cardinality(tiebreak) <= 3),
  constraint final_rules_criterion_check check (('criterion' = any (tiebreak)) = (tiebreak_criterion is not null)),
  constraint final_rules_modified_check check (modified_at is null or published_at is not null),
  constraint final_rules_published_by_fkey foreign key (published_by) references auth.users(id) on delete set null
);
comment on table public.final_rules is 'The final''s rules per category: shares (summing to 100), the tie-break chain in order (jury: the higher jury score; criterion: the higher mean mark on tiebreak_criterion; head_judge: the lead judge''s higher total, their casting vote), the public vote rounds counted. Frozen once published_at is set: a change is a final_rule_changes row approved by a second admin (modified_at).';
alter table public.final_rules enable row level security;
revoke all on public.final_rules from public, anon, authenticated;

insert into public.final_rules (category) values ('dance'), ('singing');

create table public.final_rule_changes (
  id uuid default gen_random_uuid(),
  category text not null,
  before jsonb not null,
  proposed jsonb not null,
  proposed_by uuid not null,
  proposed_at timestamptz default now() not null,
  approved_by uuid,
  approved_at timestamptz,
  constraint final_rule_changes_pkey primary key (id),
  constraint final_rule_changes_category_fkey foreign key (category) references public.final_rules(category),
  constraint final_rule_changes_proposed_by_fkey foreign key (proposed_by) references auth.users(id),
  constraint final_rule_changes_approved_by_fkey foreign key (approved_by) references auth.users(id),
  constraint final_rule_changes_approved_check check ((approved_by is null) = (approved_at is null)),
  constraint final_rule_changes_second_admin_check check (approved_by <> proposed_by)
);
comment on table public.final_rule_changes is 'A change of published rules, proposed by one admin and applied when a second admin approves it (never the same account: final_rule_changes_second_admin_check).';
create unique index final_rule_changes_one_pending_idx on public.final_rule_changes (category)
  where approved_by is null;
create index final_rule_changes_proposed_by_idx on public.final_rule_changes (proposed_by);
create index final_rule_changes_approved_by_idx on public.final_rule_changes (approved_by)
  where approved_by is not null;
alter table public.final_rule_changes enable row level security;
revoke all on public.final_rule_changes from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- The rules as the admins' functions and the public read them (labels of the criterion and the
-- rounds resolved).
create function private.final_rules_json(r public.final_rules) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('category', r.category, 'jury_share', r.jury_share,
    'public_share', r.public_share, 'tiebreak', to_jsonb(r.tiebreak),
    'tiebreak_criterion', r.tiebreak_criterion,
    'tiebreak_criterion_label', (select a.label from public.audition_criteria a
                                  where a.category = r.category and a.key = r.tiebreak_criterion),
    'vote_rounds', coalesce((select jsonb_agg(jsonb_build_object('id', v.id, 'title', v.title)
                                              order by v.position, v.created_at)
                               from public.vote_rounds v where v.id = any (r.vote_round_ids)),
                            '[]'::jsonb),
    'results_expected_at', r.results_expected_at, 'published_at', r.published_at,
    'modified_at', r.modified_at)
$$;
revoke all on function private.final_rules_json(public.final_rules) from public, anon, authenticated;

-- Checks a rules payload { jury_share, public_share, tiebreak: [...], tiebreak_criterion?,
-- vote_round_ids: [...], results_expected_at? } and returns it cleaned; a bad field is refused
-- with its French message.
create function private.final_rules_check(category text, rules jsonb) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  jury_ integer;
  public_ integer;
  chain text[];
  crit text;
  rounds uuid[];
  expected timestamptz;
begin
  if jsonb_typeof(rules) is distinct from 'object' then
    perform private.invalid('rules', 'Règles invalides.');
  end if;
  jury_ := private.payload_int(rules, 'jury_share', 0, 100, null,
    'La part du jury est un nombre entier de 0 à 100.');
  public_ := private.payload_int(rules, 'public_share', 0, 100, null,
    'La part du public est un nombre entier de 0 à 100.');
  if jury_ is null or public_ is null or jury_ + public_ <> 100 then
    perform private.invalid('jury_share', format('Les parts du jury et du public doivent faire 100 (elles font %s).',
      coalesce(jury_, 0) + coalesce(public_, 0)));
  end if;
  if jsonb_typeof(rules -> 'tiebreak') is distinct from 'array'
     or exists (select 1 from jsonb_array_elements(rules -> 'tiebreak') t
                 where t #>> '{}' is null or t #>> '{}' not in ('jury', 'criterion', 'head_judge')
                    or jsonb_typeof(t) <> 'string') then
    perform private.invalid('tiebreak', 'Départage inconnu : jury, critère ou voix du juré principal.');
  end if;
  select array_agg(t order by o) into chain
    from jsonb_array_elements_text(rules -> 'tiebreak') with ordinality x(t, o);
  chain := coalesce(chain, '{}');
  if cardinality(chain) <> (select count(distinct t) from unnest(chain) t) then
    perform private.invalid('tiebreak', 'Une étape du départage est donnée deux fois.');
  end if;
  if 'criterion' = any (chain) then
    crit := rules ->> 'tiebreak_criterion';
    if not exists (select 1 from public.audition_criteria a
                    where a.category = final_rules_check.category and a.key = crit) then
      perform private.invalid('tiebreak_criterion', 'Choisissez le critère qui départage.');
    end if;
  end if;
  if jsonb_typeof(rules -> 'vote_round_ids') is distinct from 'array'
     or exists (select 1 from jsonb_array_elements(rules -> 'vote_round_ids') v
                 where jsonb_typeof(v) <> 'string'
                    or v #>> '{}' !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$') then
    perform private.invalid('vote_round_ids', 'Manches de vote invalides.');
  end if;
  select coalesce(array_agg(distinct v::uuid), '{}') into rounds
    from jsonb_array_elements_text(rules -> 'vote_round_ids') v;
  if exists (select 1 from unnest(rounds) x where not exists (select 1 from public.vote_rounds v where v.id = x)) then
    perform private.invalid('vote_round_ids', 'Manche de vote introuvable.');
  elsif public_ > 0 and cardinality(rounds) = 0 then
    perform private.invalid('vote_round_ids', 'Choisissez la ou les manches du vote du public qui comptent.');
  elsif public_ = 0 and cardinality(rounds) > 0 then
    perform private.invalid('vote_round_ids', 'Le jury décide seul : aucune manche de vote ne compte.');
  end if;
  if coalesce(rules ->> 'results_expected_at', '') <> '' then
    begin
      expected := (rules ->> 'results_expected_at')::timestamptz;
    exception when others then
      perform private.invalid('results_expected_at', 'Indiquez la date des résultats (AAAA-MM-JJ HH:MM).');
    end;
  end if;
  return jsonb_build_object('jury_share', jury_, 'public_share', public_, 'tiebreak', to_jsonb(chain),
    'tiebreak_criterion', crit, 'vote_round_ids', to_jsonb(rounds), 'results_expected_at', expected);
end;
$$;
revoke all on function private.final_rules_check(text,jsonb) from public, anon, authenticated;

-- Writes checked rules into a category's row.
create function private.final_rules_apply(category text, rules jsonb, modified boolean)
returns public.final_rules
language sql volatile security definer set search_path = '' as $$
  update public.final_rules r set jury_share = (rules ->> 'jury_share')::integer,
         public_share = (rules ->> 'public_share')::integer,
         tiebreak = array(select jsonb_array_elements_text(rules -> 'tiebreak')),
         tiebreak_criterion = rules ->> 'tiebreak_criterion',
         vote_round_ids = array(select jsonb_array_elements_text(rules -> 'vote_round_ids')::uuid),
         results_expected_at = (rules ->> 'results_expected_at')::timestamptz,
         modified_at = case when modified then now() else r.modified_at end, updated_at = now()
   where r.category = final_rules_apply.category
  returning r.*
$$;
revoke all on function private.final_rules_apply(text,jsonb,boolean) from public, anon, authenticated;

-- Both categories' rules with any pending change (admins and readers).
create function public.final_rules() returns setof public.final_rules_row
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return query
  select x.* from public.final_rules r
   cross join lateral jsonb_populate_record(null::public.final_rules_row,
     private.final_rules_json(r) || jsonb_build_object('pending',
       (select jsonb_build_object('id', c.id, 'proposed', c.proposed, 'proposed_at', c.proposed_at,
                 'proposed_by', u.email, 'mine', c.proposed_by = auth.uid())
          from public.final_rule_changes c left join auth.users u on u.id = c.proposed_by
         where c.category = r.category and c.approved_by is null))) x
   order by r.category;
end;
$$;
revoke all on function public.final_rules() from public, anon, authenticated;
grant execute on function public.final_rules() to authenticated;

-- Saves a category's rules (admins). Not yet published: written at once ('final.rules').
-- Published: frozen, the change is proposed for a second admin ('final.rules_propose'; 202),
-- refused while another change waits (409 change_pending).
create function public.admin_save_final_rules(category text, rules jsonb)
returns public.final_rules_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.final_rules;
  checked jsonb;
  change_ uuid;
begin
  perform private.require_admin();
  if admin_save_final_rules.category is null or admin_save_final_rules.category not in ('dance', 'singing') then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  end if;
  checked := private.final_rules_check(admin_save_final_rules.category, rules);
  select * into r from public.final_rules x where x.category = admin_save_final_rules.category for update;
  if r.published_at is null then
    r := private.final_rules_apply(r.category, checked, false);
    perform private.audit('final.rules', 'final_rules', r.category,
      format('Règles de la finale (%s) modifiées', private.audition_category_label(r.category)),
      null, checked);
    return jsonb_populate_record(null::public.final_rules_answer, private.final_rules_json(r));
  end if;
  if exists (select 1 from public.final_rule_changes c
              where c.category = r.category and c.approved_by is null) then
    return jsonb_populate_record(null::public.final_rules_answer,
      private.refusal(409, 'Un changement de ces règles attend déjà l’accord d’un second administrateur.',
                           'change_pending'));
  end if;
  insert into public.final_rule_changes (category, before, proposed, proposed_by)
  values (r.category, private.final_rules_json(r), checked, auth.uid()) returning id into change_;
  perform private.audit('final.rules_propose', 'final_rules', r.category,
    format('Changement des règles publiées de la finale (%s) proposé : un second administrateur doit l’approuver',
           private.audition_category_label(r.category)),
    private.final_rules_json(r), checked || jsonb_build_object('change_id', change_));
  perform set_config('response.status', '202', true);
  return jsonb_populate_record(null::public.final_rules_answer,
    private.final_rules_json(r) || jsonb_build_object('pending', jsonb_build_object(
    'id', change_, 'proposed', checked, 'mine', true)));
end;
$$;
revoke all on function public.admin_save_final_rules(text,jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_final_rules(text,jsonb) to authenticated;

-- Publishes a category's rules (admins): frozen from then on. Published already: 409.
create function public.admin_publish_final_rules(category text) returns public.final_rules_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  r public.final_rules;
begin
  perform private.require_admin();
  select * into r from public.final_rules x where x.category = admin_publish_final_rules.category for update;
  if not found then
    perform private.invalid('category', 'Catégorie inconnue : choisissez danse ou chant.');
  elsif r.published_at is not null then
    return jsonb_populate_record(null::public.final_rules_answer,
      private.refusal(409, 'Ces règles sont déjà publiées.', 'already_published'));
  end if;
  update public.final_rules x set published_at = now(), published_by = auth.uid(), updated_at = now()
   where x.category = r.category returning * into r;
  perform private.audit('final.rules_publish', 'final_rules', r.category,
    format('Règles de la finale (%s) publiées : jury %s %%, public %s %%',
           private.audition_category_label(r.category), r.jury_share, r.public_share),
    null, private.final_rules_json(r));
  return jsonb_populate_record(null::public.final_rules_answer, private.final_rules_json(r));
end;
$$;
revoke all on function public.admin_publish_final_rules(text) from public, anon, authenticated;
grant execute on function public.admin_publish_final_rules(text) to authenticated;

-- Approves a pending change (an admin other than its author: 403 same_admin): the rules take
-- it and show « modifié le … ». One 'final.rules_approve' row.
create function public.admin_approve_final_rules(change_id uuid) returns public.final_rules_answer
language plpgsql volatile security definer set search_path = '' as $$
declare
  c public.final_rule_changes;
  r public.final_rules;
  before_ jsonb;
begin
  perform private.require_admin();
  select * into c from public.final_rule_changes x where x.id = change_id for update;
  if not found or c.approved_by is not null then
    return jsonb_populate_record(null::public.final_rules_answer,
      private.refusal(404, 'Aucun changement en attente.', 'not_found'));
  elsif c.proposed_by = auth.uid() then
    return jsonb_populate_record(null::public.final_rules_answer,
      private.refusal(403, 'Un second administrateur doit approuver ce changement.', 'same_admin'));
  end if;
  select * into r from public.final_rules x where x.category = c.category for update;
  before_ := private.final_rules_json(r);
  r := private.final_rules_apply(c.category, c.proposed, true);
  update public.final_rule_changes x set approved_by = auth.uid(), approved_at = now()
   where x.id = c.id;
  perform private.audit('final.rules_approve', 'final_rules', r.category,
    format('Changement des règles publiées de la finale (%s) approuvé', private.audition_category_label(r.category)),
    before_, private.final_rules_json(r) || jsonb_build_object('change_id', c.id));
  return jsonb_populate_record(null::public.final_rules_answer, private.final_rules_json(r));
end;
$$;
revoke all on function public.admin_approve_final_rules(uuid) from public, anon, authenticated;
grant execute on function public.admin_approve_final_rules(uuid) to authenticated;
