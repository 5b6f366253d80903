-- The hosted schedule of the send-messages Edge Function (docs/decisions/033-messages-outbox.md):
-- where pg_cron and pg_net are installed (hosted Supabase: Database → Extensions), every minute
-- pg_net POSTs to the function with the service key, both read from Vault (the README says how
-- to store them). Elsewhere (the embedded backend, which calls the function itself every 30 s)
-- nothing is scheduled. Not a schema object: pg_cron's job table (see 62_outbox_events.sql).
do $$
begin
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron')
     and exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net') then
    execute $cron$select cron.schedule('booster-send-messages', '* * * * *', $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/send-messages',
        headers := jsonb_build_object('Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets
                                          where name = 'service_role_key')),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000)
    $job$)$cron$;
  end if;
end;
$$;
