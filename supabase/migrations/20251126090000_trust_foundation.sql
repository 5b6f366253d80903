-- Trust between roles: what the next migrations of this change share (docs/decisions/016-trust-between-roles.md).
--
-- 1. The journal's actions for the writes they add: a check-in undone by an admin, every phone
--    look-up at the door (found or not, refused or not), a personal-data purge requested or
--    cancelled (the purge itself keeps 'retention.purge'). A holder's own cancellation keeps
--    'reservation.cancel' (actor null, "Annulé par le titulaire").
-- 2. One e-mail rule for every table and function: the HTML e-mail rule (WHATWG "valid e-mail
--    address") without '?', '&' and '%' in the local part, which a mailto: link would read as
--    its own syntax. What it refuses: spaces and control characters, quotes, '<>()[],;:\',
--    '?&%', an empty part, a domain label starting or ending with '-' or longer than 63, and a
--    domain without a dot.

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'participant.update', 'participant.delete', 'participant.restore', 'participant.status',
  'participant.slot', 'participant.notes', 'participant.notified', 'reservation.cancel',
  'reservation.check_in', 'reservation.check_in_undo', 'door.lookup', 'settings.update',
  'message.handled', 'export', 'retention.request', 'retention.cancel', 'retention.purge',
  'bin.purge'));

create function private.email_is_valid(email text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(
    char_length(email) <= 254
    and email ~ ('^[A-Za-z0-9.!#$''*+/=^_`{|}~-]+'
                 || '@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?'
                 || '(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'),
    false)
$$;
comment on function private.email_is_valid(text) is
  'The e-mail rule of every table and function: HTML''s, without ?, & and % (mailto: syntax).';

revoke all on function private.email_is_valid(text) from public, anon, authenticated;
-- CHECK constraints run with the writer's rights (as private.is_blank).
grant execute on function private.email_is_valid(text) to authenticated;
