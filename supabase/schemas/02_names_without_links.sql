-- Names without links (docs/decisions/038-no-visitor-links-and-outbox-only.md), and the
-- trigger that applies every rule of visible text to the rows whatever writes them
-- (docs/decisions/019-visible-text-and-safe-links.md).

-- ---------------------------------------------------------------------------------------------
-- Functions
-- ---------------------------------------------------------------------------------------------

-- True when a name reads as an address a mail client, an SMS app or WhatsApp could show as a
-- link: a scheme ("https:…", "mailto:x"), "www.", a dot between a letter or digit and two
-- letters ("evil.com", "x.cm"), an IPv4 address, "@", "/" or "\". Judged once cleaned
-- (private.clean_line: no invisible character splits "evil.com") and in NFKC (fullwidth
-- "ｅｖｉｌ．ｃｏｍ", the one dot leader of "evil․com" read as ASCII). A dot followed by a space is
-- an initial ("J. Dupont"). ASCII ranges only: no class that depends on the locale. The forms'
-- rule (looksLikeLink in src/lib/validation.ts) is the same pattern; both see the same lists
-- (tests/integration/link-names.test.ts).
create function private.looks_like_link(t text) returns boolean
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(normalize(private.clean_line(t), nfkc) ~ (
    '[A-Za-z][A-Za-z0-9+.-]*:[^ ]|[Ww][Ww][Ww][.\u3002]|[A-Za-z0-9-][.\u3002][A-Za-z][A-Za-z]'
    '|[0-9][.\u3002][0-9]+[.\u3002][0-9]+[.\u3002][0-9]|[@/\\]'), false)
$$;
revoke all on function private.looks_like_link(text) from public, anon, authenticated;

-- A person's or a team's name (not a city or a subject) is refused with `message` on `field`
-- when it looks like a link: the outgoing messages and the lists show these names as written.
create function private.refuse_link(value text, field text, message text) returns void
language plpgsql immutable set search_path = '' as $$
begin
  if private.looks_like_link(value) then
    perform private.invalid(field, message);
  end if;
end;
$$;
revoke all on function private.refuse_link(text,text,text) from public, anon, authenticated;

-- Before a row is written, whatever writes it (the public functions, the admin's edit): the
-- one-line texts that changed are cleaned (private.clean_line) and checked with the forms'
-- messages, a person's or a team's name must not look like a link (private.refuse_link); an
-- e-mail that changed must pass private.email_is_valid. Unchanged old values are left to the
-- CHECK constraints.
create function private.check_visible_text() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  fresh boolean := tg_op = 'INSERT';
  no_link text := 'Le nom ne peut pas contenir d’adresse web ni d’e-mail.';
begin
  if tg_table_name = 'participants' then
    if fresh or new.full_name is distinct from old.full_name then
      perform private.require_name(new.full_name, 'full_name', 'Le nom est obligatoire');
      perform private.refuse_link(new.full_name, 'full_name', no_link);
      new.full_name := private.clean_line(new.full_name);
    end if;
    if fresh or new.city is distinct from old.city then
      perform private.require_name(new.city, 'city', 'La ville est obligatoire');
      new.city := private.clean_line(new.city);
    end if;
    if new.team_name is not null and (fresh or new.team_name is distinct from old.team_name) then
      perform private.require_name(new.team_name, 'team_name', 'Le nom de l’équipe est obligatoire');
      perform private.refuse_link(new.team_name, 'team_name',
        'Le nom de l’équipe ne peut pas contenir d’adresse web ni d’e-mail.');
      new.team_name := private.clean_line(new.team_name);
    end if;
    if (fresh or new.email is distinct from old.email) and not private.email_is_valid(new.email) then
      perform private.invalid('email', 'Adresse email invalide');
    end if;
  elsif tg_table_name = 'team_members' then
    if fresh or new.full_name is distinct from old.full_name then
      perform private.require_name(new.full_name, 'team_members', 'Le nom du membre est obligatoire');
      perform private.refuse_link(new.full_name, 'team_members',
        'Le nom du membre ne peut pas contenir d’adresse web ni d’e-mail.');
      new.full_name := private.clean_line(new.full_name);
    end if;
    if new.email is not null and (fresh or new.email is distinct from old.email)
       and not private.email_is_valid(new.email) then
      perform private.invalid('team_members', 'Adresse email invalide');
    end if;
  elsif tg_table_name = 'reservations' then
    if fresh or new.full_name is distinct from old.full_name then
      perform private.require_name(new.full_name, 'full_name', 'Le nom est obligatoire');
      perform private.refuse_link(new.full_name, 'full_name', no_link);
      new.full_name := private.clean_line(new.full_name);
    end if;
    if new.ville is not null and (fresh or new.ville is distinct from old.ville) then
      perform private.require_name(new.ville, 'ville', 'La ville est obligatoire');
      new.ville := private.clean_line(new.ville);
    end if;
  elsif tg_table_name = 'contact_messages' then
    if fresh or new.name is distinct from old.name then
      perform private.require_name(new.name, 'name', 'Le nom est obligatoire');
      perform private.refuse_link(new.name, 'name', no_link);
      new.name := private.clean_line(new.name);
    end if;
    if (fresh or new.email is distinct from old.email) and not private.email_is_valid(new.email) then
      perform private.invalid('email', 'Adresse email invalide');
    end if;
    if fresh or new.subject is distinct from old.subject then
      perform private.require_name(new.subject, 'subject', 'Le sujet est obligatoire');
      new.subject := private.clean_line(new.subject);
    end if;
  end if;
  return new;
end;
$$;
revoke all on function private.check_visible_text() from public, anon, authenticated;
