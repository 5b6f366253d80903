import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailJsConfig } from '@/config/env';
import { mockEmailJs } from '../setup/emailjs-mock';
import { testBackend } from '../setup/test-backend';

// EmailJS configuration switched per test; everything else is the real environment.
const email: { config: EmailJsConfig | null } = { config: null };
vi.mock('@/config/env', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/config/env')>();
  return { ...actual, getEnv: () => ({ ...actual.getEnv(), emailjs: email.config }) };
});

const { createReservation } = await import('@/data/reservations/create-reservation');
const { sendContactMessage } = await import('@/data/inbox/send-contact-message');
const { DataError } = await import('@/lib/errors');

const backend = testBackend();
const emailjs = mockEmailJs();

const reservation = (phone = '699112233') => ({
  fullName: '  Jean Mbarga ',
  phone,
  ville: 'Yaoundé',
  attendanceStatus: 'maybe' as const,
  heardFrom: 'wordOfMouth' as const,
  willAttend: 'yes' as const,
  attendanceBarrier: 'noCompanion' as const,
  followsBoosterPage: 'no' as const,
  consumesBoosterProducts: 'yes' as const,
});

const message = {
  name: 'Awa Ndongo',
  email: 'awa@example.cm',
  subject: 'Auditions',
  message: 'Bonjour, où ont lieu les auditions ?',
};

beforeEach(async () => {
  email.config = null;
  vi.stubGlobal('location', { pathname: '/contact/' }); // read by @emailjs/browser
  await backend.sql('delete from reservations; delete from contact_messages;');
});

describe('createReservation', () => {
  it('stores the mapped, trimmed row under the client id', async () => {
    const id = crypto.randomUUID();
    await createReservation(id, reservation());
    const rows = await backend.sql('select * from reservations');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      full_name: 'Jean Mbarga',
      phone: '699112233',
      ville: 'Yaoundé',
      region: null,
      attendance_status: 'maybe',
      heard_from: 'wordOfMouth',
      will_attend: 'yes',
      attendance_barrier: 'noCompanion',
      follows_booster_page: 'no',
      consumes_booster_products: 'yes',
    });
  });

  it('is idempotent on its id: the same reservation sent twice (even at once) is one row', async () => {
    const id = crypto.randomUUID();
    await Promise.all([createReservation(id, reservation()), createReservation(id, reservation())]);
    await createReservation(id, reservation());
    expect(await backend.sql('select id from reservations')).toHaveLength(1);
  });

  it('answers another reservation for the same phone as a new one, and stores nothing (ADR 039)', async () => {
    const first = await createReservation(crypto.randomUUID(), reservation('677445566'));
    const again = await createReservation(crypto.randomUUID(), reservation('677445566'));
    expect(again).toEqual(first);
    expect(again).toEqual({ sentTo: '6•• •• •• 66', channel: 'sms' });
    expect(await backend.sql('select id from reservations')).toHaveLength(1);
  });

  it('gives the catalogue message when the database refuses the row', async () => {
    const error = await createReservation(crypto.randomUUID(), reservation('12345')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toBe(
      'Une erreur est survenue lors de la réservation. Veuillez réessayer.',
    );
  });
});

describe('sendContactMessage', () => {
  it('stores the message once per id and reports e-mail as not configured', async () => {
    const id = crypto.randomUUID();
    await expect(sendContactMessage(id, message)).resolves.toEqual({ email: 'not_configured' });
    await expect(sendContactMessage(id, message)).resolves.toEqual({ email: 'not_configured' });
    expect(emailjs.requests).toHaveLength(0);
    const rows = await backend.sql(
      'select id, name, email, subject, message from contact_messages',
    );
    expect([...rows]).toEqual([{ id, ...message }]);
  });

  it('stores first, then sends the EmailJS notification', async () => {
    email.config = {
      publicKey: 'pk',
      serviceId: 'svc',
      contactTemplateId: 'tpl_contact',
    };
    await expect(sendContactMessage(crypto.randomUUID(), message)).resolves.toEqual({
      email: 'sent',
    });
    expect(await backend.sql('select id from contact_messages')).toHaveLength(1);
    expect(emailjs.sends).toHaveLength(1);
    expect(emailjs.sends[0]).toMatchObject({
      user_id: 'pk',
      service_id: 'svc',
      template_id: 'tpl_contact',
      template_params: {
        from_name: 'Awa Ndongo',
        reply_to: 'awa@example.cm',
        subject: 'Auditions',
      },
    });
  });

  it('keeps the message stored when EmailJS fails', async () => {
    email.config = {
      publicKey: 'pk',
      serviceId: 'svc',
      contactTemplateId: 'tpl_contact',
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    emailjs.failWith(400, 'Bad Request');
    await expect(sendContactMessage(crypto.randomUUID(), message)).resolves.toEqual({
      email: 'failed',
    });
    expect(log).toHaveBeenCalled();
    expect(emailjs.sends).toHaveLength(1);
    expect([...(await backend.sql('select name from contact_messages'))]).toEqual([
      { name: 'Awa Ndongo' },
    ]);
  });

  it('stores nothing and notifies nobody when the honeypot is filled (a robot)', async () => {
    email.config = {
      publicKey: 'pk',
      serviceId: 'svc',
      contactTemplateId: 'tpl_contact',
    };
    await sendContactMessage(crypto.randomUUID(), message, 'https://spam.example');
    expect(await backend.sql('select id from contact_messages')).toHaveLength(0);
    expect(emailjs.requests).toEqual([]);
  });

  it('sends no e-mail when the message could not be stored', async () => {
    email.config = {
      publicKey: 'pk',
      serviceId: 'svc',
      contactTemplateId: 'tpl_contact',
    };
    const error = await sendContactMessage(crypto.randomUUID(), {
      ...message,
      message: 'court',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as Error).message).toBe(
      "Une erreur est survenue lors de l'envoi du message. Veuillez réessayer.",
    );
    expect(emailjs.requests).toHaveLength(0);
  });
});
