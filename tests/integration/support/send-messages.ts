/**
 * Shared by the send-messages tests (tests/integration/send-messages-*.test.ts): the embedded
 * API of this file's database served again with its Edge Functions under Deno
 * (supabase/local/functions.ts), the providers answered by the local mock
 * (tests/setup/provider-mock.ts), an admin client, and helpers to queue and read messages.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_ROLE_KEY } from '../../../supabase/local/constants.ts';
import { startServer, type RunningServer } from '../../../supabase/local/server.ts';
import { startProviderMock, type ProviderMock } from '../../setup/provider-mock.ts';
import { testBackend } from '../../setup/test-backend.ts';

export const backend = testBackend();

export type Runtime = {
  url: string;
  /** One run of send-messages, through the local gateway with the service key. */
  run(): Promise<{ claimed: number; sent: number; failed: number; retried: number }>;
  close(): Promise<void>;
};

/** The API with /functions/v1 under Deno; `env` over the function's environment. */
export async function startRuntime(env: Record<string, string>): Promise<Runtime> {
  const lines: string[] = [];
  const server: RunningServer = await startServer({
    db: backend.db,
    host: '127.0.0.1',
    port: 0,
    functions: { env, log: (line) => lines.push(line) },
  });
  return {
    url: server.url,
    async run() {
      const response = await fetch(`${server.url}/functions/v1/send-messages`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
          'Content-Type': 'application/json',
        },
        body: '{}',
      });
      const text = await response.text();
      if (!response.ok)
        throw new Error(`send-messages ${response.status}: ${text}\n${lines.join('\n')}`);
      return JSON.parse(text);
    },
    close: () => server.close(),
  };
}

/** Fast paces for tests (e-mail kept slow enough to measure its spacing). */
const TEST_PACE = {
  SMS_PER_SECOND: '500',
  WHATSAPP_PER_SECOND: '500',
  EMAIL_PER_SECOND: '5',
  SEND_MESSAGES_CONCURRENCY: '1',
};

export let mock: ProviderMock;
export let runtime: Runtime;
export let admin: SupabaseClient;

/** The mock, the runtime with every provider pointed at it, an admin; the outbox emptied after each test. */
export function withProviders(): void {
  beforeAll(async () => {
    mock = await startProviderMock();
    runtime = await startRuntime({ ...mock.env(), ...TEST_PACE });
    await backend.createUser('envois@example.cm', 'Envois-Test-2025', { admin: true });
    admin = await backend.signedInClient('envois@example.cm', 'Envois-Test-2025');
  });
  afterEach(async () => {
    await backend.sql('delete from outbox');
    mock.received.length = 0;
  });
  afterAll(async () => {
    await runtime?.close();
    await mock?.close();
  });
}

let n = 0;
/** A 9-digit Cameroon number no other test uses. */
export const newPhone = () =>
  `69${String(process.pid % 1000).padStart(3, '0')}${String(++n).padStart(4, '0')}`;

/** Queues one message as the database does (private.queue_message), as superuser. */
export async function queue(
  channel: 'sms' | 'whatsapp' | 'email',
  recipient: string,
  template = 'pass_recovery',
  vars: Record<string, string> = { link: 'http://localhost:5173/pass/ABCDEFGHJK' },
): Promise<string> {
  const [{ id }] = await backend.sql<{ id: string }>(
    `select private.queue_message($1, $2, $3, $4::jsonb, 'test:' || gen_random_uuid())::text as id`,
    [channel, recipient, template, JSON.stringify(vars)],
  );
  return id;
}

export type OutboxRow = {
  id: string;
  state: string;
  attempts: number;
  provider: string | null;
  provider_id: string | null;
  last_error: string | null;
  due_in: number;
  recipient: string;
  template: string;
  body: string;
};

export async function outboxRow(id: string): Promise<OutboxRow> {
  const [row] = await backend.sql<OutboxRow>(
    `select id::text, state, attempts, provider, provider_id, last_error, recipient, template, body,
            extract(epoch from next_attempt_at - now())::float as due_in
       from outbox where id = $1`,
    [id],
  );
  return row;
}

/** Makes every queued row due now (instead of waiting for its backoff). */
export const dueNow = () =>
  backend.sql(`update outbox set next_attempt_at = now() where state = 'queued'`);
