import { emailjsAdapter } from './emailjs.ts';
import { twilioAdapter } from './twilio.ts';
import { CHANNELS, type Adapter, type Channel, type Env } from './types.ts';
import { whatsappAdapter } from './whatsapp.ts';

/**
 * The adapters this deployment can use, read from the function's environment (secrets live only
 * there: `supabase secrets set`, the README lists them). A channel whose provider is not
 * configured goes to the local sink when SEND_MESSAGES_SINK=1 (the embedded backend sets it),
 * else is left out: its rows stay queued ("Aucun fournisseur configuré.").
 */
export type SenderConfig = {
  supabaseUrl: string;
  serviceKey: string;
  adapters: Partial<Record<Channel, Adapter>>;
  batchSize: number;
  /** Stop claiming after this long (ms): the run answers before the platform's wall-clock limit. */
  budgetMs: number;
  /** Requests in flight per channel at most. */
  concurrency: number;
};

const rate = (env: Env, name: string, fallback: number) => {
  const n = Number(env(name));
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The local sink: the message is kept in the outbox (provider 'local', its body) and logged. */
const sinkAdapter = (channel: Channel): Adapter => ({
  provider: 'local',
  perSecond: 1000,
  async send(row) {
    console.info(`local sink ${channel} → ${row.recipient}: ${JSON.stringify(row.body)}`);
    return { ok: true, providerId: `local-${row.id}` };
  },
});

export function readConfig(env: Env): SenderConfig {
  const supabaseUrl = env('SUPABASE_URL');
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!supabaseUrl || !serviceKey)
    throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are required');
  const adapters: Partial<Record<Channel, Adapter>> = {};
  const sid = env('TWILIO_ACCOUNT_SID');
  const token = env('TWILIO_AUTH_TOKEN');
  if (sid && token && (env('TWILIO_FROM') || env('TWILIO_MESSAGING_SERVICE_SID'))) {
    adapters.sms = twilioAdapter({
      accountSid: sid,
      authToken: token,
      from: env('TWILIO_FROM'),
      messagingServiceSid: env('TWILIO_MESSAGING_SERVICE_SID'),
      apiUrl: env('TWILIO_API_URL') ?? 'https://api.twilio.com',
      perSecond: rate(env, 'SMS_PER_SECOND', 10),
    });
  }
  const waToken = env('WHATSAPP_ACCESS_TOKEN');
  const phoneNumberId = env('WHATSAPP_PHONE_NUMBER_ID');
  if (waToken && phoneNumberId) {
    adapters.whatsapp = whatsappAdapter({
      token: waToken,
      phoneNumberId,
      apiUrl: env('WHATSAPP_API_URL') ?? 'https://graph.facebook.com/v21.0',
      language: env('WHATSAPP_TEMPLATE_LANGUAGE') ?? 'fr',
      templatePrefix: env('WHATSAPP_TEMPLATE_PREFIX') ?? 'booster_',
      perSecond: rate(env, 'WHATSAPP_PER_SECOND', 20),
    });
  }
  const serviceId = env('EMAILJS_SERVICE_ID');
  const templateId = env('EMAILJS_TEMPLATE_ID');
  const publicKey = env('EMAILJS_PUBLIC_KEY');
  const privateKey = env('EMAILJS_PRIVATE_KEY');
  if (serviceId && templateId && publicKey && privateKey) {
    adapters.email = emailjsAdapter({
      serviceId,
      templateId,
      publicKey,
      privateKey,
      apiUrl: env('EMAILJS_API_URL') ?? 'https://api.emailjs.com',
      perSecond: rate(env, 'EMAIL_PER_SECOND', 1),
    });
  }
  if (env('SEND_MESSAGES_SINK') === '1') {
    for (const channel of CHANNELS) adapters[channel] ??= sinkAdapter(channel);
  }
  return {
    supabaseUrl,
    serviceKey,
    adapters,
    batchSize: Math.floor(rate(env, 'SEND_MESSAGES_BATCH', 50)),
    budgetMs: rate(env, 'SEND_MESSAGES_BUDGET_MS', 45_000),
    concurrency: Math.floor(rate(env, 'SEND_MESSAGES_CONCURRENCY', 8)),
  };
}
