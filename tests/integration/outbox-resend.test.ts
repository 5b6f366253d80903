/**
 * "Renvoyer" on "Envois" (admin_outbox_resend, supabase/schemas/63_outbox_admin.sql): a failed
 * message is queued again and answered as public.outbox_resent, the refusal's fields null
 * (docs/decisions/054-typed-answers.md); an unknown id, or a message that has not failed, is
 * refused in French (404, 409) and nothing changes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testBackend } from '../setup/test-backend';
import { NO_REFUSAL } from './support/answers';
import { signInStaff, type Staff } from './workspace-fixtures';

const backend = testBackend();
let staff: Staff;

beforeAll(async () => {
  staff = await signInStaff(backend);
});

/** One SMS of the outbox, failed after 5 attempts or sent. */
async function message(state: 'failed' | 'sent'): Promise<string> {
  const [{ id }] = await backend.sql<{ id: string }>(
    `insert into public.outbox (channel, recipient, template, body, dedupe_key, state, attempts,
                                last_error, sent_at)
     values ('sms', '690000001', 'pass_recovery', 'Votre pass', 'resend:' || gen_random_uuid(),
             $1, 5, case when $1 = 'failed' then 'HTTP 500' end,
             case when $1 = 'sent' then now() end)
     returning id::text`,
    [state],
  );
  return id;
}

const stateOf = async (id: string) =>
  (
    await backend.sql<{ state: string; attempts: number }>(
      'select state, attempts from public.outbox where id = $1',
      [id],
    )
  )[0];

describe('admin_outbox_resend', () => {
  it('queues a failed message again and answers its row, the refusal’s fields null', async () => {
    const id = await message('failed');
    const { data, error } = await staff.admin.rpc('admin_outbox_resend', { id });
    expect(error).toBeNull();
    expect(data).toEqual({
      id,
      channel: 'sms',
      recipient: '690000001',
      template: 'pass_recovery',
      state: 'queued',
      attempts: 0,
      last_error: null,
      provider: null,
      created_at: expect.any(String),
      sent_at: null,
      body: 'Votre pass',
      ...NO_REFUSAL,
    });
    expect(await stateOf(id)).toEqual({ state: 'queued', attempts: 0 });
  });

  it('refuses an unknown id (404) and a message that has not failed (409), in French', async () => {
    const unknown = await staff.admin.rpc('admin_outbox_resend', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ message: 'Message non trouvé.', hint: 'not_found' });

    const sent = await message('sent');
    const again = await staff.admin.rpc('admin_outbox_resend', { id: sent });
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({
      message: 'Seul un envoi en échec peut être renvoyé.',
      hint: 'not_failed',
    });
    expect(await stateOf(sent)).toEqual({ state: 'sent', attempts: 5 });
  });

  it('is the admins’ alone', async () => {
    const id = await message('failed');
    for (const who of ['lecteur', 'controle', 'user', 'anon'] as const) {
      const { error } = await staff[who].rpc('admin_outbox_resend', { id });
      expect(error?.code, who).toBe('42501');
    }
    expect(await stateOf(id)).toEqual({ state: 'failed', attempts: 5 });
  });
});
