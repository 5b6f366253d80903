import { describe, expect, it } from 'vitest';
import { DataError, toDataError } from '@/lib/errors';
import { afterCursor, fetchAllAfter, ilikeAny } from '@/data/shared/query-helpers';
import { MISSING_BACKEND, parseEnv } from '@/config/env';
import { LOCAL_ANON_KEY } from '@/config/local-backend';

describe('toDataError', () => {
  it('classifies PostgREST errors and keeps the catalogue message', () => {
    const e = toDataError(
      { code: '23505', message: 'duplicate key', details: '', hint: null },
      'Erreur X',
    );
    expect(e).toBeInstanceOf(DataError);
    expect(e.kind).toBe('duplicate');
    expect(e.message).toBe('Erreur X');
    expect(toDataError({ code: 'PGRST116', message: '' }, 'm').kind).toBe('not_found');
    expect(toDataError({ code: '42501', message: '' }, 'm').kind).toBe('forbidden');
    expect(toDataError({ code: '23514', message: '' }, 'm').kind).toBe('invalid');
  });

  it('uses the French message a database function raised with a hint', () => {
    const e = toDataError(
      { code: 'P0001', message: 'Les inscriptions sont clôturées.', hint: 'registration_closed' },
      'Erreur',
    );
    expect(e.kind).toBe('closed');
    expect(e.reason).toBe('registration_closed');
    expect(e.message).toBe('Les inscriptions sont clôturées.');
  });

  it('recognises an unreachable backend', () => {
    const e = toDataError({ code: '', message: 'TypeError: fetch failed', details: '' }, 'm');
    expect(e.kind).toBe('network');
  });

  it('takes a database out of reach behind a live API as the network (ADR 050)', () => {
    for (const code of ['PGRST000', 'PGRST001', 'PGRST003', '08006', '57P01', '57P03', 'HTTP503'])
      expect(toDataError({ code, message: 'down', details: null }, 'm').kind, code).toBe('network');
    // A refusal, a bug or a limit is not: sending it again would change nothing.
    for (const code of ['P0001', 'P429', '57014', 'PGRST116', 'HTTP500', 'XX000'])
      expect(toDataError({ code, message: 'no', details: null }, 'm').kind, code).not.toBe(
        'network',
      );
  });

  it('lets the caller choose a message per kind', () => {
    const e = toDataError({ code: '23505', message: '' }, 'm', { duplicate: 'Déjà inscrit' });
    expect(e.message).toBe('Déjà inscrit');
  });
});

describe('ilikeAny', () => {
  it('builds a PostgREST or-filter and strips its syntax from the term', () => {
    expect(ilikeAny(['full_name', 'phone'], ' awa ')).toBe(
      'full_name.ilike.*awa*,phone.ilike.*awa*',
    );
    expect(ilikeAny(['a'], 'x,b.eq.(1)*%_')).toBe('a.ilike.*x b.eq. 1*');
    expect(ilikeAny(['a'], ' ,() ')).toBeNull();
  });
});

describe('fetchAllAfter', () => {
  const rows = Array.from({ length: 25 }, (_, i) => ({
    created_at: `2026-11-22T10:00:${String(59 - Math.floor(i / 2)).padStart(2, '0')}.5+00:00`,
    id: String(1000 - i),
  }));

  it('asks for the rows after the last one received until a page comes back empty', async () => {
    const calls: (string | null)[] = [];
    // A server whose "max rows" is 7, far below what the export asks for.
    const all = await fetchAllAfter(async (after) => {
      calls.push(after ? after.id : null);
      const start = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
      return { data: rows.slice(start, start + 7), error: null };
    });
    expect(all).toEqual(rows);
    expect(calls).toEqual([null, '994', '987', '980', '976']);
  });

  it('throws the first error', async () => {
    await expect(fetchAllAfter(async () => ({ data: null, error: { code: 'x' } }))).rejects.toEqual(
      { code: 'x' },
    );
  });

  it('writes the keyset filter with quoted timestamps', () => {
    expect(afterCursor({ created_at: '2026-11-22T10:00:00.123+00:00', id: 'abc' })).toBe(
      'created_at.lt."2026-11-22T10:00:00.123+00:00",and(created_at.eq."2026-11-22T10:00:00.123+00:00",id.lt.abc)',
    );
  });
});

describe('parseEnv', () => {
  it('falls back to the embedded backend on the same origin', () => {
    expect(parseEnv({}, 'http://localhost:5173')).toMatchObject({
      supabaseUrl: 'http://localhost:5173',
      supabaseAnonKey: LOCAL_ANON_KEY,
      usesLocalBackend: true,
      emailjs: null,
    });
  });

  it('refuses to guess a backend where the local one is not allowed (production builds)', () => {
    expect(() => parseEnv({}, 'https://booster.example', null)).toThrow(MISSING_BACKEND);
  });

  it('uses the configured project and fails loudly when the key is missing', () => {
    const env = parseEnv(
      { VITE_SUPABASE_URL: 'https://abc.supabase.co', VITE_SUPABASE_ANON_KEY: 'k'.repeat(40) },
      'x',
    );
    expect(env.usesLocalBackend).toBe(false);
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co' }, 'x')).toThrow(
      /VITE_SUPABASE_ANON_KEY/,
    );
  });

  it('reads EmailJS for the contact notification only: key, service and contact template', () => {
    expect(
      parseEnv({ VITE_EMAILJS_PUBLIC_KEY: 'pk', VITE_EMAILJS_SERVICE_ID: '' }, 'x').emailjs,
    ).toBeNull();
    // No contact template: nothing for the browser to send (issue 38).
    expect(
      parseEnv(
        {
          VITE_EMAILJS_PUBLIC_KEY: 'pk',
          VITE_EMAILJS_SERVICE_ID: 's',
          VITE_EMAILJS_CONVOCATION_TEMPLATE_ID: 'c',
        },
        'x',
      ).emailjs,
    ).toBeNull();
    expect(
      parseEnv(
        {
          VITE_EMAILJS_PUBLIC_KEY: 'pk',
          VITE_EMAILJS_SERVICE_ID: 's',
          VITE_EMAILJS_CONTACT_TEMPLATE_ID: 't',
          VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID: 'f',
          VITE_EMAILJS_CONVOCATION_TEMPLATE_ID: 'c',
        },
        'x',
      ).emailjs,
    ).toEqual({ publicKey: 'pk', serviceId: 's', contactTemplateId: 't' });
  });
});
