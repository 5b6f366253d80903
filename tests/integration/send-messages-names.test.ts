/**
 * Visitors' names in messages (docs/decisions/037-message-budgets.md): a message speaks in the
 * organisers' name, so a name goes out as its first word only, and never when that word looks
 * like a link. Each hostile name goes through every template the outbox renders, built by the
 * database's own builders from a reservation or a participant (rows stored before the
 * registration refused such names included), queued, and sent through the mock providers: no
 * link-like text in any body, e-mail subject or template parameter.
 */
import { describe, expect, it } from 'vitest';
import { backend, mock, newPhone, runtime, withProviders } from './support/send-messages';

withProviders();

/** A hostile or ordinary full name, and the first name a message may show (null: none). */
const NAMES: [string, string | null][] = [
  ['https://paiement-booster.example/x Dupont', null],
  ['https://paiement-booster.example/… Dupont', null],
  ['www.evil.cm Jean', null],
  ['evil.com', null],
  ['HTTP://EVIL.CM', null],
  ['evil.cm/payer Dupont', null],
  ['paiement.example Dupont', null],
  ['Jean@evil.cm Dupont', null],
  ['Marie/Claire Dupont', null],
  ['Jean <script>', 'Jean'],
  ['Jean<script>alert(1)</script> Dupont', null], // a slash: link-like
  ['J.-P. Dupont', 'J.-P.'],
  ['Awa Dupont', 'Awa'],
];

/** The site's own links are the only ones a message carries. */
const OWN_LINKS = /http:\/\/localhost:5173(\/pass\/[A-Z0-9]+)?/g;
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]+\.(com|cm|example)\b|<|>|@/i;

type Sent = { template: string; channel: string; recipient: string; body: string };

/** Queues every template for `name`, by every channel it goes by, as the database builds them. */
async function queueAll(name: string): Promise<Sent[]> {
  const [r] = await backend.sql<{ r: string; p: string }>(
    `select private.pass_message_vars(jsonb_populate_record(null::public.reservations,
              jsonb_build_object('full_name', $1::text, 'pass_code', 'ABCDEFGHJK')))::text r,
            private.participant_message_vars(jsonb_populate_record(null::public.participants,
              jsonb_build_object('full_name', $1::text, 'category', 'dance', 'audition_city', 'Douala',
                                 'audition_at', now() + interval '3 days')))::text p`,
    [name],
  );
  const p = JSON.parse(r.p);
  const jobs: [string, string, Record<string, unknown>][] = [
    ['reminder', 'sms', JSON.parse(r.r)],
    ['reminder', 'whatsapp', JSON.parse(r.r)],
    ['waitlist_offer', 'sms', JSON.parse(r.r)],
    ['pass_recovery', 'whatsapp', JSON.parse(r.r)],
    ['convocation', 'sms', p],
    ['convocation', 'whatsapp', p],
    ['registration_confirmation', 'email', p],
  ];
  const sent: Sent[] = [];
  for (const [template, channel, vars] of jobs) {
    const recipient = channel === 'email' ? `nom.${newPhone()}@example.cm` : newPhone();
    const [{ id }] = await backend.sql<{ id: string }>(
      `select private.queue_message($1, $2, $3, $4::jsonb, 'test:' || gen_random_uuid()) id`,
      [channel, recipient, template, JSON.stringify(vars)],
    );
    const [row] = await backend.sql<Sent>(
      `select template, channel, recipient, body from outbox where id = $1`,
      [id],
    );
    sent.push(row);
  }
  return sent;
}

/** What a provider got, without the recipient's own address. */
function received(recipient: string): string {
  const m = mock.received.find((x) => x.recipient === recipient);
  expect(m, `nothing sent to ${recipient}`).toBeDefined();
  const content = m?.content as Record<string, unknown> | string;
  if (typeof content === 'string') return content;
  const { to_email: _to, ...rest } = content as Record<string, unknown>;
  return JSON.stringify(rest);
}

describe('names in messages', () => {
  it('no link, the first name only, in every template, for every name', async () => {
    for (const [name, first] of NAMES) await check(name, first);
  });
});

async function check(name: string, first: string | null) {
  mock.received.length = 0;
  const sent = await queueAll(name);
  await runtime.run();
  for (const s of sent) {
    for (const text of [s.body, received(s.recipient)]) {
      const visible = text.replace(OWN_LINKS, '');
      expect(visible, `${s.template} ${s.channel}`).not.toMatch(LINK_LIKE);
      expect(visible).not.toMatch(/Dupont|Claire|\bscript\b|evil|paiement/i);
    }
  }
  const body = (t: string, c: string) =>
    sent.find((s) => s.template === t && s.channel === c)?.body ?? '';
  expect(body('registration_confirmation', 'email')).toMatch(
    new RegExp(`^Bonjour${first ? ` ${first.replace(/[.]/g, '\\.')}` : ''},\\n`),
  );
  expect(body('convocation', 'sms')).toMatch(
    first ? `Booster Challenge : ${first}, convocation` : /^Booster Challenge : convocation/,
  );
  const email = mock.received.find((m) => m.provider === 'emailjs')?.content as {
    first_name: string;
    subject: string;
  };
  expect(email.first_name).toBe(first ?? '');
  expect(email.subject).toBe('Votre inscription au Booster Challenge');
}
