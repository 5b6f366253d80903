-- Admin lists sort by name, region and city (docs/decisions/008-admin-data-layer.md). With the
-- database's default collation (C) "Aïcha" and "Édéa" sort after "Zoé"; ICU's French collation
-- sorts them as a French reader expects. It is deterministic: equality, uniqueness and the CHECK
-- lists behave as before. The indexes on these columns are rebuilt by the type change.
alter table public.participants
  alter column full_name type text collate "fr-x-icu",
  alter column city type text collate "fr-x-icu",
  alter column region type text collate "fr-x-icu";

alter table public.reservations
  alter column full_name type text collate "fr-x-icu",
  alter column ville type text collate "fr-x-icu",
  alter column region type text collate "fr-x-icu";
