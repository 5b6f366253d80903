-- The public vote's results are exported (CSV and the readable export, /admin/vote): the
-- journal knows both exports, each with the round it exports as its one filter, admins only
-- (docs/decisions/030-public-vote.md). Only the two lookup functions change; log_export reads them.

create or replace function private.export_label(what text) returns text
language sql immutable set search_path = '' as $$
  select case what
    when 'participants' then 'Export CSV des participants'
    when 'participants.xlsx' then 'Export Excel des participants'
    when 'participant_json' then 'Export JSON d''une fiche participant'
    when 'reservations' then 'Export CSV des réservations'
    when 'reservations.xlsx' then 'Export Excel des réservations'
    when 'messages' then 'Export CSV des messages de contact'
    when 'presence_night_party' then 'Export CSV des présences à la Night Party'
    when 'distribution_regionale' then 'Export CSV de la répartition par région'
    when 'vote_results' then 'Export CSV des résultats du vote'
    when 'vote_results.xlsx' then 'Export Excel des résultats du vote'
  end
$$;

create or replace function private.export_filters(what text) returns jsonb
language sql immutable set search_path = '' as $$
  select case
    when what in ('participants', 'participants.xlsx') then jsonb_build_object(
      'search', 'search', 'category', jsonb_build_array('dance', 'singing'),
      'participationType', jsonb_build_array('solo', 'team'), 'region', 'text',
      'status', jsonb_build_array('inscrit', 'preselectionne', 'convoque', 'finaliste', 'laureat',
                                  'refuse'),
      'auditionCity', jsonb_build_array('Douala', 'Yaoundé', 'Bafoussam', 'Garoua', 'Limbe'))
    when what in ('reservations', 'reservations.xlsx') then jsonb_build_object(
      'search', 'search', 'status', jsonb_build_array('yes', 'no', 'maybe'), 'city', 'text',
      'heardFrom', jsonb_build_array('flyer', 'social', 'wordOfMouth'),
      'state', jsonb_build_array('confirmed', 'checked_in', 'waitlisted', 'cancelled'))
    when what = 'messages' then jsonb_build_object(
      'search', 'search', 'state', jsonb_build_array('unhandled', 'handled'))
    when what = 'participant_json' then jsonb_build_object('participant', 'uuid')
    when what in ('vote_results', 'vote_results.xlsx') then jsonb_build_object('round', 'uuid')
    else '{}'::jsonb
  end
$$;
