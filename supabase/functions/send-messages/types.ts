/**
 * What the sender and its adapters share (docs/decisions/033-messages-outbox.md). Plain web
 * platform types only (fetch, Response): the same files run under Deno (the Edge Function) and
 * are type-checked by the repository's tsc.
 */
import { CheckedValues } from './checked-values.ts';

/** The outbox's channels and templates, as its check constraints list them (./checked-values.ts). */
export const CHANNELS = CheckedValues.outbox.channel;
export type Channel = (typeof CHANNELS)[number];
export type Template = (typeof CheckedValues.outbox.template)[number];

/** One outbox row as outbox_claim returns it (the columns the sender reads). */
export type OutboxRow = {
  id: string;
  channel: Channel;
  recipient: string;
  template: Template;
  variables: Record<string, string>;
  body: string;
  attempts: number;
};

/**
 * A provider's answer for one message. Not ok: `retryAfter` (seconds) when the provider asked
 * to wait (a rate limit), `permanent` when it refused the message itself (sending it again
 * cannot succeed).
 */
export type Outcome =
  | { ok: true; providerId: string | null }
  | { ok: false; error: string; retryAfter?: number; permanent?: boolean };

/** One provider for one channel. `perSecond`: the most requests it may start per second. */
export type Adapter = {
  provider: string;
  perSecond: number;
  send(row: OutboxRow): Promise<Outcome>;
};

/** The function's environment, as read by config.ts (secrets only there). */
export type Env = (name: string) => string | undefined;

/** Cameroon numbers are stored as their 9 digits; providers want the country code. */
export const internationalNumber = (nineDigits: string) => `237${nineDigits}`;

/** Seconds of a Retry-After header (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(response: Response, fallback?: number): number | undefined {
  const header = response.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(1, Math.ceil((at - Date.now()) / 1000));
  }
  return fallback;
}

/** A network failure or a timeout: worth another try later. */
export function networkOutcome(error: unknown): Outcome {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { ok: false, error: `Réseau : ${what}`.slice(0, 500) };
}
