import type { SentReservation } from '@/data/reservations/sent-reservation';

/** How the pass's link goes, as the success page and the early answer say it. */
export const CHANNEL_NAMES: Record<SentReservation['channel'], string> = {
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

const PANEL_ID = 'reservation-answer';

/** Sent on the form when the reservation sent before the app is answered (early-reserve.ts). */
export const ANSWER_EVENT = 'reservation-answer';

/** The answer the reservation sent before the app got, if any (data-answer on the form). */
export function earlyAnswerOf(form: HTMLFormElement): SentReservation | null {
  const answer = form.getAttribute('data-answer');
  if (!answer) return null;
  try {
    return JSON.parse(answer) as SentReservation;
  } catch {
    return null;
  }
}
const svg = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

/** The success page's check mark (src/components/ui/SuccessLayout.tsx). */
function checkMark(): SVGSVGElement {
  const mark = document.createElementNS(svg, 'svg');
  mark.setAttribute('aria-hidden', 'true');
  mark.setAttribute('viewBox', '0 0 24 24');
  mark.setAttribute('class', 'mx-auto size-16 text-green-700');
  mark.setAttribute('fill', 'none');
  mark.setAttribute('stroke', 'currentColor');
  mark.setAttribute('stroke-width', '2');
  const circle = document.createElementNS(svg, 'circle');
  circle.setAttribute('cx', '12');
  circle.setAttribute('cy', '12');
  circle.setAttribute('r', '10');
  const path = document.createElementNS(svg, 'path');
  path.setAttribute('d', 'M7 12.5l3.2 3.2L17 9');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  mark.append(circle, path);
  return mark;
}

/**
 * The reservation's answer on screen before the site's app is there: the success page's title and
 * lead (where the pass's link went, never a code: ADR 039), drawn from the answer alone, over the
 * Night Party page, which stays untouched underneath (React hydrates it as it is) and inert. The
 * success page, once the app renders it, takes its place (closeEarlyAnswer).
 * docs/decisions/051-the-reservation-before-the-app.md
 */
export function showEarlyAnswer(sent: SentReservation): void {
  if (document.getElementById(PANEL_ID)) return;
  const title = element('h1', 'mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl');
  title.id = `${PANEL_ID}-title`;
  title.tabIndex = -1;
  title.textContent = 'Réservation enregistrée';
  const lead = element(
    'p',
    'mt-3 text-lg text-gray-700',
    `Votre pass vous est envoyé par ${CHANNEL_NAMES[sent.channel]} au `,
    element('span', 'whitespace-nowrap', sent.sentTo),
    '.',
  );
  const panel = element(
    'section',
    'fixed inset-0 z-50 overflow-auto bg-gray-50 px-4 py-12 text-center sm:py-16',
    checkMark(),
    title,
    lead,
  );
  panel.id = PANEL_ID;
  panel.setAttribute('aria-labelledby', title.id);
  document.getElementById('root')?.setAttribute('inert', '');
  document.body.append(panel);
  window.scrollTo(0, 0);
  title.focus();
}

/** The app's success page is on screen: the early answer leaves, the page is live again. */
export function closeEarlyAnswer(): void {
  document.getElementById(PANEL_ID)?.remove();
  document.getElementById('root')?.removeAttribute('inert');
}
