/**
 * A registration's reference, to quote to the organisers: the participant id's first 8 characters,
 * upper case (3F2A9C1B for 3f2a9c1b-…), short enough to read on the phone, unique enough among
 * entrants. Shown on /success right after registering, and in the readable export's participants.
 */
export const registrationReference = (id: string) =>
  id.replaceAll('-', '').slice(0, 8).toUpperCase();
