import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  DRAFT_KEY,
  loadDraft,
  newRegistrationId,
  saveDraft,
} from '@/features/registration/registration-draft';
import { EMPTY_REGISTRATION } from '@/features/registration/registration-schema';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  };
}

describe('registration draft', () => {
  it('starts a new draft with a fresh id and an empty form when nothing is stored', () => {
    const storage = memoryStorage();
    const a = loadDraft(storage);
    const b = loadDraft(storage);
    expect(a.id).toMatch(UUID_V4);
    expect(b.id).not.toBe(a.id);
    expect(a.values).toEqual(EMPTY_REGISTRATION);
  });

  it('keeps the id and every value, team members included, until cleared', () => {
    const storage = memoryStorage();
    const values = {
      ...EMPTY_REGISTRATION,
      category: 'singing' as const,
      participationType: 'team' as const,
      fullName: 'Awa',
      region: 'Centre' as const,
      teamName: 'Les Voix',
      teamMembers: [{ fullName: 'Paul', phone: '690000002', email: '' }],
      agreeToTerms: true,
    };
    saveDraft({ id: 'b1c1a7d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d', values }, storage);
    expect(loadDraft(storage)).toEqual({ id: 'b1c1a7d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d', values });
    clearDraft(storage);
    expect(storage.items.has(DRAFT_KEY)).toBe(false);
    expect(loadDraft(storage).id).not.toBe('b1c1a7d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d');
  });

  it('ignores an unreadable draft and drops unexpected values', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft(storage).values).toEqual(EMPTY_REGISTRATION);

    storage.setItem(DRAFT_KEY, JSON.stringify({ id: 'not-a-uuid', values: { fullName: 'Awa' } }));
    expect(loadDraft(storage).values.fullName).toBe('');

    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        id: 'b1c1a7d2-3e4f-4a5b-8c6d-7e8f9a0b1c2d',
        values: {
          category: 'rap',
          region: 'Paris',
          fullName: 42,
          teamMembers: [null, { fullName: 'Paul' }],
        },
      }),
    );
    expect(loadDraft(storage).values).toEqual({
      ...EMPTY_REGISTRATION,
      teamMembers: [{ fullName: 'Paul', phone: '', email: '' }],
    });
  });

  it('still works when the browser refuses storage', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(loadDraft(broken).id).toMatch(UUID_V4);
    expect(() => saveDraft(loadDraft(broken), broken)).not.toThrow();
    expect(() => clearDraft(broken)).not.toThrow();
  });

  it('generates v4 UUIDs even where crypto.randomUUID is missing (plain http origins)', () => {
    // Shadow the prototype's method with an own property, removed afterwards.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, newRegistrationId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(newRegistrationId()).toMatch(UUID_V4);
  });
});
