import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterWrite, withoutRow } from '@/data/shared/query-cache';

/**
 * After a deletion, the lists drop the row at once (the list the deletion returns to never shows
 * it, not even while it is fetched anew: a keyboard user tabbing there would land on a row that
 * then vanishes under the focus), then read the database again.
 */
type Row = { id: string; name: string };
const key = ['participants', 'list', { page: 1 }];
const A = { id: 'a', name: 'Awa' };
const B = { id: 'b', name: 'Bello' };

function later<T>(value: T, ms: number) {
  return new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
}

describe('refreshAfterWrite with withoutRow', () => {
  it('drops the row from every cached page at once, and keeps it out when the fetch under way is cancelled', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(key, { rows: [A, B], total: 2 });
    client.setQueryData(['participants', 'list', { page: 2 }], { rows: [B], total: 2 });
    // A fetch under way that read the database before the deletion committed.
    let answer = { rows: [A, B], total: 2 };
    const observer = client.getQueryCache().build(client, {
      queryKey: key,
      queryFn: () => later(answer, 50),
    });
    void observer.fetch().catch(() => undefined);

    const done = refreshAfterWrite<typeof answer>(
      client,
      ['participants', 'list'],
      withoutRow('a'),
    );
    expect(client.getQueryData(key)).toEqual({ rows: [B], total: 1 });
    answer = { rows: [B], total: 1 };
    await done;
    expect(client.getQueryData(key)).toEqual({ rows: [B], total: 1 });
    // A page without the row is left as it was.
    expect(client.getQueryData(['participants', 'list', { page: 2 }])).toEqual({
      rows: [B],
      total: 2,
    });
  });

  it('withoutRow leaves a page without that row untouched (same object)', () => {
    const page = { rows: [B] as Row[], total: 1 };
    expect(withoutRow('a')(page)).toBe(page);
    expect(withoutRow('b')(page)).toEqual({ rows: [], total: 0 });
  });
});
