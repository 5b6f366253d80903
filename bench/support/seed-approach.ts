/**
 * The seed's approach to the admin pages, which `npm run bench` times against ours
 * (bench/admin-loads.ts): fetch every row and compute, filter and page in the browser. A single
 * request is capped at 1,000 rows by the API, so the one-request fetch silently gets 1,000 rows;
 * the fetch-all paged by offset gets every row (each page re-reading every earlier one).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { App } from './api.ts';

/** The seed's fetches and browser-side computations, through `seed` (an admin's client). */
export function seedApproach(seed: SupabaseClient, app: App) {
  type Row = Record<string, unknown>;
  // The seed's paging: offsets, until a short page (each page re-reads every earlier row).
  const fetchAllPages = async <T>(
    fetchPage: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
  ): Promise<T[]> => {
    const all: T[] = [];
    for (let from = 0; ; from += 1000) {
      const { data, error } = await fetchPage(from, from + 999);
      if (error) throw error;
      all.push(...(data ?? []));
      if ((data ?? []).length < 1000) return all;
    }
  };
  const seedParticipantsOneRequest = async () => {
    const { data, error } = await seed
      .from('participants')
      .select('*, team_members(*)')
      .order('created_at', { ascending: false });
    if (error) throw error;
    return (data as never[]).map(app.toParticipant);
  };
  const seedParticipantsPaged = async () =>
    (
      await fetchAllPages<Row>((from, to) =>
        seed
          .from('participants')
          .select('*, team_members(*)')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, to),
      )
    ).map((r) => app.toParticipant(r as never));
  const seedReservationsOneRequest = async () => {
    const { data, error } = await seed
      .from('reservations')
      .select('*')
      .order('created_at', { ascending: false });
    if (error) throw error;
    return (data as never[]).map(app.toReservation);
  };
  const seedReservationsPaged = async () =>
    (
      await fetchAllPages<Row>((from, to) =>
        seed
          .from('reservations')
          .select('*')
          .order('created_at', { ascending: false })
          .order('id', { ascending: false })
          .range(from, to),
      )
    ).map((r) => app.toReservation(r as never));

  type P = Awaited<ReturnType<typeof seedParticipantsPaged>>[number];
  type R = Awaited<ReturnType<typeof seedReservationsPaged>>[number];
  // The seed's browser-side computations.
  const statsInBrowser = (all: P[]) => {
    const byRegion: Record<string, number> = {};
    const s = { total: all.length, dance: 0, singing: 0, solo: 0, team: 0 };
    for (const p of all) {
      s[p.category] += 1;
      s[p.participationType] += 1;
      byRegion[p.region] = (byRegion[p.region] ?? 0) + 1;
    }
    return { s, byRegion };
  };
  const SEARCH = 'fotso';
  const searchInBrowser = (all: P[]) =>
    all.filter((p) => [p.fullName, p.email, p.phone].some((v) => v.toLowerCase().includes(SEARCH)));
  const RES_FILTERS = { city: 'Yaoundé', status: 'yes' as const, heardFrom: 'social' as const };
  const filterReservations = (all: R[]) =>
    all.filter(
      (r) =>
        r.ville === RES_FILTERS.city &&
        r.attendanceStatus === RES_FILTERS.status &&
        r.heardFrom === RES_FILTERS.heardFrom,
    );
  const summaryInBrowser = (all: R[]) => {
    const c: Record<string, number> = {};
    for (const r of all) {
      for (const k of [
        `s:${r.attendanceStatus}`,
        `h:${r.heardFrom}`,
        `w:${r.willAttend}`,
        `b:${r.attendanceBarrier}`,
        `f:${r.followsBoosterPage}`,
        `c:${r.consumesBoosterProducts}`,
        `v:${r.ville}`,
      ])
        c[k] = (c[k] ?? 0) + 1;
    }
    return c;
  };

  /** The seed's way: every row in the browser, sorted there (French order). */
  const sortedByName = <T extends { fullName: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.fullName.localeCompare(b.fullName, 'fr'));
  return {
    seedParticipantsOneRequest,
    seedParticipantsPaged,
    seedReservationsOneRequest,
    seedReservationsPaged,
    statsInBrowser,
    SEARCH,
    searchInBrowser,
    RES_FILTERS,
    filterReservations,
    summaryInBrowser,
    sortedByName,
  };
}
