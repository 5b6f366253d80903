/**
 * `npm run bench:messages`: 2,000 reminders (BENCH_MESSAGES) drained by the send-messages Edge
 * Function under Deno through the mock providers (tests/setup/provider-mock.ts, which checks
 * each request against Twilio's documented shape), against a throw-away local database
 * (docs/decisions/033-messages-outbox.md).
 *
 * 1. N confirmed passes; the edition's concert in 2 days, the scheduled reminder 3 days before.
 * 2. The scheduled reminder is queued (private.queue_scheduled_reminders, as the first claim of
 *    the day does): timed.
 * 3. Two callers POST /functions/v1/send-messages at once, again and again, until nothing is
 *    queued or sending (as two overlapping schedules would): the drain is timed, messages per
 *    second printed. The SMS pace is BENCH_SMS_PER_SECOND (1,000 by default: the mock's, a real
 *    account's is far lower, see docs/decisions/034-sms-provider.md).
 * Exits non-zero unless the mock received exactly one request per pass (0 duplicates), every
 * row is 'sent' (0 lost) and no request broke the provider's documented shape.
 */
import { performance } from 'node:perf_hooks';
import { SERVICE_ROLE_KEY } from '../supabase/local/constants.ts';
import { openLocalDatabase } from '../supabase/local/database.ts';
import { startServer } from '../supabase/local/server.ts';
import { startProviderMock } from '../tests/setup/provider-mock.ts';
import { out } from './support/print.ts';

const N = Number(process.env.BENCH_MESSAGES ?? 2000);
const PACE = process.env.BENCH_SMS_PER_SECOND ?? '1000';

const db = await openLocalDatabase({});
const mock = await startProviderMock();
const server = await startServer({
  db,
  host: '127.0.0.1',
  port: 0,
  functions: {
    env: {
      ...mock.env(),
      SMS_PER_SECOND: PACE,
      SEND_MESSAGES_BATCH: '200',
      SEND_MESSAGES_CONCURRENCY: '16',
      SEND_MESSAGES_BUDGET_MS: '50000',
    },
    log: () => undefined,
  },
});

async function run(): Promise<{ claimed: number; sent: number; failed: number; retried: number }> {
  const response = await fetch(`${server.url}/functions/v1/send-messages`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`send-messages ${response.status}: ${await response.text()}`);
  return response.json();
}

const pending = async () =>
  Number(
    (
      await db.admin.query<{ n: string }>(
        `select count(*) n from outbox where state in ('queued', 'sending')`,
      )
    ).rows[0].n,
  );

let failed = false;
try {
  await db.admin.query(
    `update edition_settings set concert_starts_at = now() + interval '2 days',
       doors_open_at = now() + interval '2 days' - interval '2 hours',
       reservations_open_at = now() - interval '10 days', reservations_close_at = null,
       capacity = 100000;
     update message_settings set daily_cap = 100000, reminder_days_before = null, reminder_channel = 'sms',
       site_url = 'https://booster-challenge.cm';
     insert into reservations (full_name, phone, ville, heard_from)
     select 'Visiteur ' || g, '6' || lpad(g::text, 8, '0'), 'Douala', 'social'
       from generate_series(1, ${N}) g;`,
  );
  // Deno's start and first compile, while no reminder is scheduled (a claim would queue it).
  await run();
  await db.admin.query('update message_settings set reminder_days_before = 3');
  out(`Messages benchmark: ${N} reminders by SMS through the mock (Twilio's API), pace ${PACE}/s`);
  let t = performance.now();
  const queued = Number(
    (await db.admin.query<{ n: number }>('select private.queue_scheduled_reminders() n')).rows[0].n,
  );
  out(`  scheduled reminder queued: ${queued} rows in ${(performance.now() - t).toFixed(0)} ms`);

  t = performance.now();
  let calls = 0;
  const caller = async () => {
    while ((await pending()) > 0) {
      await run();
      calls++;
    }
  };
  await Promise.all([caller(), caller()]);
  const seconds = (performance.now() - t) / 1000;

  const recipients = new Set(mock.received.map((m) => m.recipient));
  const duplicates = mock.received.length - recipients.size;
  const sent = Number(
    (await db.admin.query<{ n: string }>(`select count(*) n from outbox where state = 'sent'`))
      .rows[0].n,
  );
  const lost = N - sent;
  out(
    `  drained in ${seconds.toFixed(2)} s by ${calls} calls: ${(N / seconds).toFixed(0)} messages/s`,
  );
  out(`  provider requests: ${mock.received.length}, recipients: ${recipients.size}`);
  out(`  duplicates: ${duplicates}, lost: ${lost}, shape violations: ${mock.violations.length}`);
  failed =
    queued !== N ||
    duplicates !== 0 ||
    lost !== 0 ||
    mock.violations.length > 0 ||
    recipients.size !== N;
  if (failed) out('  FAILED: expected one message per pass, every row sent, no violation');
} finally {
  await server.close();
  await mock.close();
  await db.close();
}
process.exit(failed ? 1 : 0);
