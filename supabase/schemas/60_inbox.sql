-- Inbox: the public contact form's messages and the organisers' inbox (handled or not).

-- ---------------------------------------------------------------------------------------------
-- Tables, their indexes, grants and required rows
-- ---------------------------------------------------------------------------------------------

create table public.contact_messages (
  id uuid default gen_random_uuid(),
  name text not null,
  email text not null,
  subject text not null,
  message text not null,
  created_at timestamptz default now() not null,
  handled_at timestamptz,
  handled_by uuid,
  constraint contact_messages_pkey primary key (id),
  constraint contact_messages_email_check check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint contact_messages_handled_check check (handled_at is not null or handled_by is null),
  constraint contact_messages_message_check check (char_length(btrim(message)) >= 10 and char_length(btrim(message)) <= 5000),
  constraint contact_messages_name_check check (char_length(btrim(name)) >= 1 and char_length(btrim(name)) <= 100),
  constraint contact_messages_subject_check check (char_length(btrim(subject)) >= 1 and char_length(btrim(subject)) <= 150)
);
-- Added after rows existed, so older rows are not checked (not valid): as in production.
alter table public.contact_messages add constraint contact_messages_email_valid check (private.email_is_valid(email)) not valid;
alter table public.contact_messages add constraint contact_messages_message_visible check (not private.is_blank(message)) not valid;
alter table public.contact_messages add constraint contact_messages_name_letter check (private.has_letter_or_digit(name)) not valid;
alter table public.contact_messages add constraint contact_messages_name_visible check (not private.is_blank(name)) not valid;
alter table public.contact_messages add constraint contact_messages_subject_letter check (private.has_letter_or_digit(subject)) not valid;
alter table public.contact_messages add constraint contact_messages_subject_visible check (not private.is_blank(subject)) not valid;
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);
create index contact_messages_unhandled_idx on public.contact_messages (created_at desc)
  where handled_at is null;
alter table public.contact_messages enable row level security;
revoke all on public.contact_messages from public, anon, authenticated;
grant select on public.contact_messages to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- A message to the organisers. Answers { id } (public.inbox_message_sent).
create function public.send_contact_message(payload jsonb) returns public.inbox_message_sent
language plpgsql volatile security definer set search_path = '' as $$
declare
  refused jsonb;
  new_id uuid;
  email_pattern constant text := '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$';
begin
  refused := private.admit_public_write('contact', payload);
  if refused is not null then
    return jsonb_populate_record(null::public.inbox_message_sent, refused);
  end if;
  begin
    new_id := coalesce(nullif(payload ->> 'id', '')::uuid, gen_random_uuid());
  exception when invalid_text_representation then
    perform private.invalid('id', 'Données du message invalides.');
  end;
  if private.is_robot(payload) then
    return jsonb_populate_record(null::public.inbox_message_sent, jsonb_build_object('id', new_id));
  end if;
  if exists (select 1 from public.contact_messages c where c.id = new_id) then
    return jsonb_populate_record(null::public.inbox_message_sent, jsonb_build_object('id', new_id));
  end if;
  perform private.require_strings(payload, array['name', 'email', 'subject', 'message']);
  if private.is_blank(payload ->> 'name') then
    perform private.invalid('name', 'Le nom est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'name')) > 100 then
    perform private.invalid('name', 'Le nom ne doit pas dépasser 100 caractères.');
  end if;
  if private.is_blank(payload ->> 'email') then
    perform private.invalid('email', 'L''email est obligatoire');
  elsif char_length(btrim(payload ->> 'email')) > 254 or btrim(payload ->> 'email') !~ email_pattern then
    perform private.invalid('email', 'Adresse email invalide');
  end if;
  if private.is_blank(payload ->> 'subject') then
    perform private.invalid('subject', 'Le sujet est obligatoire');
  elsif char_length(private.clean_line(payload ->> 'subject')) > 150 then
    perform private.invalid('subject', 'Le sujet ne doit pas dépasser 150 caractères.');
  end if;
  if private.is_blank(payload ->> 'message') then
    perform private.invalid('message', 'Le message est obligatoire');
  elsif char_length(btrim(payload ->> 'message')) not between 10 and 5000 then
    perform private.invalid('message', 'Le message doit contenir entre 10 et 5000 caractères.');
  end if;
  insert into public.contact_messages (id, name, email, subject, message)
  values (new_id, private.clean_line(payload ->> 'name'), lower(btrim(payload ->> 'email')),
    private.clean_line(payload ->> 'subject'), btrim(payload ->> 'message'));
  return jsonb_populate_record(null::public.inbox_message_sent, jsonb_build_object('id', new_id));
end;
$$;
revoke all on function public.send_contact_message(jsonb) from public, anon, authenticated;
grant execute on function public.send_contact_message(jsonb) to anon, authenticated;

-- Marks a message handled (by the caller, now) or not handled again. One 'message.handled' row,
-- none when it already was in that state.
create function public.admin_set_message_handled(id uuid, handled boolean) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  was timestamptz;
begin
  perform private.require_admin();
  if handled is null then
    perform private.invalid('handled', 'Indiquez si le message est traité.');
  end if;
  select m.handled_at into was from public.contact_messages m
   where m.id = admin_set_message_handled.id for update;
  if not found then
    raise exception 'Message non trouvé.' using errcode = 'P0001', hint = 'not_found';
  end if;
  if (was is not null) <> handled then
    update public.contact_messages m
       set handled_at = case when handled then now() end,
           handled_by = case when handled then auth.uid() end
     where m.id = admin_set_message_handled.id;
    perform private.audit('message.handled', 'message', admin_set_message_handled.id::text,
      case when handled then 'Message marqué comme traité'
           else 'Message marqué comme non traité' end,
      jsonb_build_object('handled', not handled), jsonb_build_object('handled', handled));
  end if;
end;
$$;
revoke all on function public.admin_set_message_handled(uuid,boolean) from public, anon, authenticated;
grant execute on function public.admin_set_message_handled(uuid,boolean) to authenticated;

-- The inbox's badge: messages no organiser has handled yet.
create function public.unhandled_message_count() returns integer
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_reader();
  return (select count(*) from public.contact_messages m where m.handled_at is null);
end;
$$;
revoke all on function public.unhandled_message_count() from public, anon, authenticated;
grant execute on function public.unhandled_message_count() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Triggers and policies
-- ---------------------------------------------------------------------------------------------

create policy contact_messages_staff_select on public.contact_messages
  for select to authenticated using ((select private.has_role('admin', 'lecteur')));

create trigger contact_messages_visible_text
  before insert or update of name, email, subject on public.contact_messages
  for each row execute function private.check_visible_text();
