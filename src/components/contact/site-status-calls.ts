/**
 * What the public layout shows about the edition beyond the page itself: whether registration is
 * open (registration_status) and the Night Party's facts and contacts (edition_info), both with
 * plain fetch (src/data/shared/public-rpc.ts): the home page and the footer load no supabase-js
 * for them. One module for the two domains' calls, so ./site-status.ts loads them as one chunk.
 */
export { getRegistrationStatus } from '@/data/participants/registration-status';
export { getEditionInfo } from '@/data/edition/edition-info';
