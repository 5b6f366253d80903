/**
 * The reservation before the app (docs/decisions/051-the-reservation-before-the-app.md): a small
 * module of its own, the first script the Night Party page asks for (build/prerender-html.ts,
 * bootLoader), that sends a valid reservation the visitor submits before the site's app (React,
 * the form's chunk: about 150 kB gzip, 5 s on slow 3G) has arrived, and shows the answer at once.
 *
 * The page's inline guard holds such a submission (ADR 026: data-pending). This module takes it
 * when the form's answers pass the form's own schema: it solves the proof of work (started at the
 * visitor's first interaction with the form), sends create_reservation with an id it writes on the
 * form (data-reservation-id), and on the answer draws the success page's title and lead over the
 * page (early-answer.ts). Anything else goes to the app, as before: answers the schema refuses
 * (the app shows which field and why), a refusal or a network failure (the app sends again with
 * the same id and says what went wrong in French).
 *
 * Stored once, whenever the app arrives: while this module sends (data-sending) the app neither
 * sends the held submission nor a new one; it takes the answer (data-answer, the
 * `reservation-answer` event) and shows its success page; any later send of the app's carries the
 * form's id, which the database answers with the same row.
 */
import { startProofOfWork, type ProofOfWork } from '@/lib/proof-of-work';
import { reserveEarly } from '@/data/reservations/reserve-early';
import { changedFromDefaults, RESERVATION_DEFAULTS, reservationSchema } from './reservation-schema';
import { ANSWER_EVENT, showEarlyAnswer } from './early-answer';

const FORM = 'form[data-reserve]';

let pow: ProofOfWork | undefined;

const isLive = (form: HTMLFormElement) => form.hasAttribute('data-live');

function values(form: HTMLFormElement): Record<string, string> {
  const data = new FormData(form);
  const read: Record<string, string> = {};
  for (const name of Object.keys(RESERVATION_DEFAULTS)) {
    const value = data.get(name);
    read[name] = typeof value === 'string' ? value : '';
  }
  return read;
}

/** Starts solving, if no solution is on its way. */
function prepare(): void {
  pow ??= startProofOfWork('reserve');
}

/** Back to the app: it sends (held until it is there, ADR 026) and says what went wrong. */
function handOver(form: HTMLFormElement): void {
  form.removeAttribute('data-sending');
  if (isLive(form)) form.requestSubmit();
  else form.setAttribute('data-pending', '');
}

async function send(form: HTMLFormElement): Promise<void> {
  if (isLive(form) || form.hasAttribute('data-sending')) return;
  const parsed = reservationSchema.safeParse(values(form));
  if (!parsed.success) return; // held for the app, which shows each field's error
  const id = form.getAttribute('data-reservation-id') ?? crypto.randomUUID();
  form.setAttribute('data-reservation-id', id);
  form.setAttribute('data-sending', '');
  form.removeAttribute('data-pending');
  const honeypot = new FormData(form).get('website');
  try {
    prepare();
    const solution = await pow!.solution();
    pow!.dispose();
    pow = undefined;
    const sent = await reserveEarly(
      id,
      { ...parsed.data, surveyChanged: changedFromDefaults(parsed.data) },
      typeof honeypot === 'string' ? honeypot : '',
      solution,
    );
    form.removeAttribute('data-sending');
    form.setAttribute('data-answer', JSON.stringify(sent));
    if (!isLive(form)) showEarlyAnswer(sent);
    form.dispatchEvent(new CustomEvent(ANSWER_EVENT));
  } catch {
    pow?.dispose();
    pow = undefined;
    handOver(form);
  }
}

function start(): void {
  const form = document.querySelector<HTMLFormElement>(FORM);
  if (!form || isLive(form)) return;
  // Registered after the page's guard (an inline script before the page): the guard has held the
  // submission (preventDefault, data-pending) when this listener runs.
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.matches(FORM))
        void send(event.target);
    },
    true,
  );
  // Solved from the visitor's first interaction with the form (or now, if it came before this
  // module): started at load, the worker's seconds of CPU slowed the page's own loading on a
  // phone's cores (Lighthouse's blocking time 0 -> 150-300 ms; ADR 051).
  const touched =
    form.contains(document.activeElement) ||
    form.hasAttribute('data-pending') ||
    ['fullName', 'phone', 'ville'].some((name) => values(form)[name] !== '');
  if (touched) prepare();
  else
    for (const name of ['focusin', 'pointerdown', 'keydown', 'input'] as const)
      form.addEventListener(name, prepare, { once: true, passive: true });
  // Submitted before this module arrived.
  if (form.hasAttribute('data-pending')) void send(form);
}

start();
