import { createContext } from 'react';

/**
 * What the reservation form calls when the database answers that reservations closed meanwhile:
 * the page asks anew and says why in place of the form. A context, not a prop: the form's element
 * is made once (NightPartyPage), so that the page's renders never reach it while React waits for
 * its code to hydrate it (docs/decisions/026-form-ready-before-scripts.md).
 */
export const ReservationClosed = createContext<() => void>(() => undefined);
