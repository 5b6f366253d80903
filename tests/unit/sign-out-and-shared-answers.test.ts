import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Two rules that a browser rarely meets and the component tests cannot reach: sign-out when the
 * browser refuses localStorage (docs/decisions/015-sign-out-this-device-at-once.md), and the
 * shared edition answer when two requests answer out of order (src/lib/public-query.ts).
 */
const signOut = vi.fn(async (_options: { scope: string }) => ({ error: null }));
vi.mock('@/data/shared/supabase', () => ({
  SUPABASE_AUTH_STORAGE_KEY: 'sb-booster-auth-token',
  getSupabase: async () => ({ auth: { signOut } }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  signOut.mockClear();
});

describe('signOutAdmin', () => {
  it('without localStorage (blocked), ends the session supabase-js keeps in memory, this one only', async () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: blocked, removeItem: blocked, setItem: blocked });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { signOutAdmin } = await import('@/data/staff/admin-auth');
    await signOutAdmin();
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('the shared edition answer', () => {
  it('keeps the newer answer when an older request answers last', async () => {
    const { fetchQuery, resetPublicQueries } = await import('@/lib/public-query');
    const { editionInfoQuery } = await import('@/data/edition/edition-info-query');
    resetPublicQueries();
    let answerOld: (value: never) => void = () => undefined;
    const older = fetchQuery(
      { ...editionInfoQuery, fetch: () => new Promise((resolve) => (answerOld = resolve)) },
      { fresh: true },
    );
    const newer = fetchQuery(
      { ...editionInfoQuery, fetch: async () => ({ venueName: 'Nouvelle salle' }) as never },
      { fresh: true },
    );
    await newer;
    answerOld({ venueName: 'Ancienne salle' } as never);
    await older;
    // Asked again within the stale time: the answer kept is the newer one, without a new request.
    const load = vi.fn();
    expect(await fetchQuery({ ...editionInfoQuery, fetch: load })).toEqual({
      venueName: 'Nouvelle salle',
    });
    expect(load).not.toHaveBeenCalled();
  });
});
