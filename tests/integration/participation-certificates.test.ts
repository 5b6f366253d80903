import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createClient } from '@supabase/supabase-js';
import { testBackend } from '../setup/test-backend';
import { performers } from './support/jury';

/**
 * Certificates of participation on request (issue 41, item 5;
 * docs/decisions/057-participation-certificates-and-their-link.md): an admin issues one to a
 * participant who took part (convoqué, finaliste, lauréat, or scored present), the same code at
 * every call, parallel calls included, journaled once; anyone else is refused in French; the code
 * checks on /resultats as a certificate of participation with its name, category and edition.
 */
const backend = testBackend();
let admin: SupabaseClient;
let reader: SupabaseClient;
let anon: SupabaseClient;
const CODE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/;
let day = 0;

beforeAll(async () => {
  await backend.createUser('pc-admin@example.cm', 'admin-password-123', { admin: true });
  admin = await backend.signedInClient('pc-admin@example.cm', 'admin-password-123');
  await backend.createUser('pc-reader@example.cm', 'reader-password-123', { role: 'lecteur' });
  reader = await backend.signedInClient('pc-reader@example.cm', 'reader-password-123');
  anon = createClient(backend.url, backend.anonKey, { auth: { persistSession: false } });
});

beforeEach(async () => {
  await backend.sql(`delete from private.rate_hits where action = 'certificate_check'`);
});

/** One convoqué dancer (the helper's status). */
async function participant(name: string): Promise<string> {
  const [id] = await performers(backend, [name], {
    day: `2028-07-${String(++day).padStart(2, '0')}`,
  });
  return id;
}

type Issued = {
  participant_id: string;
  name: string;
  category: string;
  edition_year: number;
  issued_at: string;
  code: string;
};

describe('a certificate of participation', () => {
  it('is issued once to a participant who took part: the same code under parallel calls, one journal row', async () => {
    const id = await participant('Aïcha Étoile');
    const calls = await Promise.all(
      Array.from({ length: 6 }, () =>
        admin.rpc('admin_participation_certificate', { participant_id: id }),
      ),
    );
    for (const c of calls) expect(c.error).toBeNull();
    const codes = new Set(calls.map((c) => (c.data as Issued).code));
    expect(codes.size).toBe(1);
    const first = calls[0].data as Issued;
    const [{ year }] = await backend.sql<{ year: number }>(
      `select extract(year from final_on)::int as year from contest_settings`,
    );
    expect(first).toMatchObject({
      participant_id: id,
      name: 'Aïcha Étoile',
      category: 'dance',
      edition_year: year,
      code: expect.stringMatching(CODE),
    });
    const rows = await backend.sql<{ n: number }>(
      `select count(*)::int as n from participation_certificates where participant_id = $1`,
      [id],
    );
    expect(rows[0].n).toBe(1);
    const journal = await backend.sql<{ summary: string; actor_email: string }>(
      `select summary, actor_email from audit_log
        where action = 'participant.certificate_issue' and entity_id = $1`,
      [id],
    );
    expect(journal).toEqual([
      {
        summary: 'Attestation de participation délivrée à Aïcha Étoile',
        actor_email: 'pc-admin@example.cm',
      },
    ]);
    // Later: the same code, nothing more in the journal.
    const again = await admin.rpc('admin_participation_certificate', { participant_id: id });
    expect((again.data as Issued).code).toBe(first.code);
    expect((again.data as Issued).issued_at).toBe(first.issued_at);
  });

  it('is refused, in French and storing nothing, to a participant who did not audition, and to non-admins', async () => {
    const id = await participant('Solo Inscrit');
    await backend.sql(`update participants set status = 'inscrit' where id = $1`, [id]);
    const refused = await admin.rpc('admin_participation_certificate', { participant_id: id });
    expect(refused.error).toMatchObject({
      hint: 'not_a_participant',
      message:
        'Pas d’attestation de participation : ce participant n’a pas passé d’audition (il doit être convoqué, finaliste ou lauréat, ou noté présent par le jury).',
    });
    const other = await participant('Solo Convoqué');
    expect(
      (await reader.rpc('admin_participation_certificate', { participant_id: other })).error,
    ).toMatchObject({ code: '42501' });
    expect(
      (await anon.rpc('admin_participation_certificate', { participant_id: other })).error,
    ).not.toBeNull();
    const binned = await participant('Solo Corbeille');
    await backend.sql(`update participants set deleted_at = now() where id = $1`, [binned]);
    expect(
      (await admin.rpc('admin_participation_certificate', { participant_id: binned })).error,
    ).toMatchObject({ hint: 'not_found' });
    const stored = await backend.sql<{ n: number }>(
      `select count(*)::int as n from participation_certificates
        where participant_id = any ($1::uuid[])`,
      [[id, other, binned]],
    );
    expect(stored[0].n).toBe(0);
  });

  it('checks on /resultats as a certificate of participation; not once its participant is in the bin', async () => {
    const id = await participant('Awa Participante');
    const answer = await admin.rpc('admin_participation_certificate', { participant_id: id });
    expect(answer.error).toBeNull();
    const issued = answer.data as Issued;
    const typed = issued.code.replaceAll('-', '').toLowerCase();
    const { data, error } = await anon.rpc('final_certificate_verify', { code: typed });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      valid: true,
      kind: 'participation',
      name: 'Awa Participante',
      category: 'dance',
      rank: null,
      laureate: false,
      edition_year: issued.edition_year,
      published_at: expect.any(String),
    });
    await backend.sql(`update participants set deleted_at = now() where id = $1`, [id]);
    expect((await anon.rpc('final_certificate_verify', { code: issued.code })).data).toMatchObject({
      valid: false,
      name: null,
    });
  });
});
