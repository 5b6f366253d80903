import {
  internationalNumber,
  networkOutcome,
  retryAfterSeconds,
  type Adapter,
  type Outcome,
  type OutboxRow,
  type Template,
} from './types.ts';

/**
 * WhatsApp through the WhatsApp Cloud API's template messages (a business may message first
 * only with a template Meta approved): POST {graph}/{phone-number-id}/messages, Bearer access
 * token, { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template',
 * template: { name, language: { code }, components: [{ type: 'body', parameters }] } }. 200
 * answers { messages: [{ id }] }; an error answers { error: { message, type, code } }.
 * The templates' names and their body parameters, in order ({{1}}, {{2}}…): the README and
 * docs/decisions/033-messages-outbox.md give the texts an organiser submits.
 */
// A certificate's link goes by e-mail or SMS only (docs/decisions/057-participation-certificates-and-their-link.md).
const WHATSAPP_PARAMETERS: Record<
  Exclude<Template, 'registration_confirmation' | 'certificate_link'>,
  string[]
> = {
  reminder: ['when', 'venue', 'link'],
  waitlist_offer: ['when', 'link'],
  pass_recovery: ['link'],
  convocation: ['first_name', 'city', 'when', 'site'],
};

export type WhatsAppConfig = {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
  language: string;
  templatePrefix: string;
  perSecond: number;
};

/** Cloud API error codes that mean "too many, wait": throughput, spam and pair rate limits. */
const RATE_LIMITED = new Set([4, 80007, 130429, 131048, 131056]);
/** Codes a person fixes (token, permissions, payment): tried again later. */
const FIXABLE = new Set([0, 3, 10, 190, 200, 131042]);

function whatsappTemplate(
  row: OutboxRow,
  config: Pick<WhatsAppConfig, 'language' | 'templatePrefix'>,
) {
  const names = WHATSAPP_PARAMETERS[row.template as keyof typeof WHATSAPP_PARAMETERS];
  if (!names) return null;
  return {
    name: `${config.templatePrefix}${row.template}`,
    language: { code: config.language },
    components: [
      {
        type: 'body',
        // A first name the database found unsafe arrives empty: a neutral word instead, as a
        // template parameter may not be empty (docs/decisions/037-message-budgets.md).
        parameters: names.map((key) => ({
          type: 'text',
          text: String(row.variables[key] ?? '') || (key === 'first_name' ? 'Bonjour' : ''),
        })),
      },
    ],
  };
}

export function whatsappAdapter(config: WhatsAppConfig): Adapter {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    provider: 'whatsapp',
    perSecond: config.perSecond,
    async send(row): Promise<Outcome> {
      const template = whatsappTemplate(row, config);
      if (!template)
        return {
          ok: false,
          error: `Pas de modèle WhatsApp pour ${row.template}.`,
          permanent: true,
        };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${config.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: internationalNumber(row.recipient),
            type: 'template',
            template,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return networkOutcome(error);
      }
      const json = (await response.json().catch(() => null)) as {
        messages?: { id?: unknown }[];
        error?: { code?: unknown; message?: unknown };
      } | null;
      const id = json?.messages?.[0]?.id;
      if (response.ok && typeof id === 'string') return { ok: true, providerId: id };
      const code = Number(json?.error?.code ?? NaN);
      const error = `WhatsApp ${response.status}${Number.isFinite(code) ? ` (${code})` : ''} : ${
        typeof json?.error?.message === 'string' ? json.error.message : response.statusText
      }`.slice(0, 500);
      if (response.status === 429 || RATE_LIMITED.has(code))
        return { ok: false, error, retryAfter: retryAfterSeconds(response, 60) };
      if (response.status >= 500 || response.ok || FIXABLE.has(code) || response.status === 401)
        return { ok: false, error };
      return { ok: false, error, permanent: true };
    },
  };
}
