import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv, EmailJsConfig } from '@/config/env';
import { EMAILJS_SEND_URL, mockEmailJs } from '../setup/emailjs-mock';

const env: { emailjs: EmailJsConfig | null } = { emailjs: null };
vi.mock('@/config/env', () => ({
  getEnv: (): AppEnv => ({
    supabaseUrl: 'http://127.0.0.1:1',
    supabaseAnonKey: 'anon',
    usesLocalBackend: true,
    emailjs: env.emailjs,
  }),
}));

const emailModule = await import('@/lib/emailjs');
const { sendContactEmail, isContactEmailConfigured, EmailNotConfiguredError, EmailSendError } =
  emailModule;
const { contactTemplateParams } = await import('@/data/inbox/send-contact-message');

const CONFIG: EmailJsConfig = {
  publicKey: 'pk_public_123',
  serviceId: 'service_booster',
  contactTemplateId: 'template_contact',
};

const emailjs = mockEmailJs();

beforeEach(() => {
  env.emailjs = null;
  vi.unstubAllGlobals();
  // @emailjs/browser reads location.pathname (rate limiting); node has no location.
  vi.stubGlobal('location', { pathname: '/contact/' });
});

describe('EmailJS sender', () => {
  it('says whether the contact notification is configured', () => {
    expect(isContactEmailConfigured()).toBe(false);
    env.emailjs = CONFIG;
    expect(isContactEmailConfigured()).toBe(true);
  });

  it('sends the contact template and no other: the browser cannot pick one (issue 38)', () => {
    // Only the contact notification can leave the browser: no template id, no generic sender.
    expect(Object.keys(emailModule).sort()).toEqual(
      [
        'EmailNotConfiguredError',
        'EmailSendError',
        'isContactEmailConfigured',
        'sendContactEmail',
      ].sort(),
    );
    expect(sendContactEmail).toHaveLength(1);
  });

  it('throws a clear error, and sends nothing, when not configured', async () => {
    await expect(sendContactEmail({ a: 'b' })).rejects.toBeInstanceOf(EmailNotConfiguredError);
    expect(emailjs.requests).toHaveLength(0);
  });

  it('posts the SPEC §7 body to api.emailjs.com, field by field', async () => {
    env.emailjs = CONFIG;
    const params = contactTemplateParams(
      {
        name: ' Awa Ndongo ',
        email: 'awa@example.cm',
        subject: 'Auditions',
        message: 'Bonjour, où sont les auditions ?',
      },
      new Date(2025, 5, 3, 9, 5),
    );
    await sendContactEmail(params);

    expect(emailjs.requests).toEqual([`POST ${EMAILJS_SEND_URL}`]);
    expect(emailjs.sends).toHaveLength(1);
    const body = emailjs.sends[0];
    expect(Object.keys(body).sort()).toEqual(
      ['lib_version', 'service_id', 'template_id', 'template_params', 'user_id'].sort(),
    );
    expect(body.lib_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.user_id).toBe('pk_public_123');
    expect(body.service_id).toBe('service_booster');
    expect(body.template_id).toBe('template_contact');
    expect(body.template_params).toEqual({
      from_name: 'Awa Ndongo',
      reply_to: 'awa@example.cm',
      subject: 'Auditions',
      message: 'Bonjour, où sont les auditions ?',
      contact_date: '03/06/2025 09:05',
    });
  });

  it('rejects with the HTTP status when EmailJS refuses', async () => {
    env.emailjs = CONFIG;
    emailjs.failWith(400, 'The template ID is invalid');
    const error = await sendContactEmail({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as InstanceType<typeof EmailSendError>).status).toBe(400);
    expect((error as Error).message).toContain('The template ID is invalid');
    expect(emailjs.sends.map((send) => send.template_id)).toEqual(['template_contact']);
  });

  it('rejects without a status when EmailJS cannot be reached', async () => {
    env.emailjs = CONFIG;
    emailjs.failNetwork();
    const error = await sendContactEmail({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as InstanceType<typeof EmailSendError>).status).toBeUndefined();
    expect(emailjs.requests).toEqual([`POST ${EMAILJS_SEND_URL}`]);
    expect(emailjs.sends).toHaveLength(0);
  });
});
