-- The participants' search (20251126140000_search_people.sql) builds its GIN indexes with
-- extensions.gin_trgm_ops, but no migration created pg_trgm: the embedded backend's bootstrap
-- did, a new hosted Supabase project does not (it enables pgcrypto, uuid-ossp and
-- pg_stat_statements only), so `supabase db push` to a new project stopped there.
--
-- This file sorts just before that migration so that a new project applies it first. A database
-- that already applied the search (every local one) applies it as a pending migration: it does
-- nothing there, pg_trgm being already installed.
-- docs/decisions/035-extensions-a-new-project-has.md
create extension if not exists pg_trgm with schema extensions;
