import { describe, expect, it } from 'vitest';
import { toReservationSummary } from '@/data/reservations/reservation-summary';

describe('toReservationSummary', () => {
  it('maps the declared answer, reads null counts as 0 and sorts cities the French way', () => {
    const s = toReservationSummary({
      total: 3,
      attendanceStatus: { yes: 2, no: 1, maybe: 0 },
      heardFrom: { flyer: 1, social: 2, wordOfMouth: null },
      willAttend: { yes: 3, no: 0 },
      attendanceBarrier: {
        location: null,
        cost: null,
        distance: null,
        noCompanion: null,
        artists: null,
        none: 3,
      },
      followsBoosterPage: { yes: 1, no: 2 },
      consumesBoosterProducts: { yes: 3, no: 0 },
      cities: ['Yaoundé', 'Bafoussam', 'Édéa', 'Douala'],
    });
    expect(s.total).toBe(3);
    expect(s.heardFrom).toEqual({ flyer: 1, social: 2, wordOfMouth: 0 });
    expect(s.willAttend).toEqual({ yes: 3, no: 0 });
    expect(s.attendanceBarrier).toEqual({
      location: 0,
      cost: 0,
      distance: 0,
      noCompanion: 0,
      artists: 0,
      none: 3,
    });
    expect(s.cities).toEqual(['Bafoussam', 'Douala', 'Édéa', 'Yaoundé']);
  });
});
