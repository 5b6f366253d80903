import {
  networkOutcome,
  retryAfterSeconds,
  type Adapter,
  type Outcome,
  type Template,
} from './types.ts';

/**
 * E-mail through EmailJS's REST API, the provider the site already uses: POST
 * /api/v1.0/email/send with JSON { service_id, template_id, user_id (the public key),
 * accessToken (the private key), template_params }. Calls from a server need "Allow EmailJS API
 * for non-browser applications" in the account's security settings. 200 answers "OK"; an error
 * answers its reason as text; EmailJS accepts at most one request per second.
 */
export type EmailJsConfig = {
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey: string;
  apiUrl: string;
  perSecond: number;
};

const SUBJECTS: Partial<Record<Template, string>> = {
  registration_confirmation: 'Votre inscription au Booster Challenge',
  certificate_link: 'Votre certificat du Booster Challenge',
};

export function emailjsAdapter(config: EmailJsConfig): Adapter {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/api/v1.0/email/send`;
  return {
    provider: 'emailjs',
    perSecond: config.perSecond,
    async send(row): Promise<Outcome> {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            service_id: config.serviceId,
            template_id: config.templateId,
            user_id: config.publicKey,
            accessToken: config.privateKey,
            template_params: {
              to_email: row.recipient,
              first_name: row.variables.first_name ?? '',
              subject: SUBJECTS[row.template] ?? 'Booster Challenge',
              message: row.body,
            },
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return networkOutcome(error);
      }
      const text = (await response.text().catch(() => '')).trim();
      if (response.ok) return { ok: true, providerId: null };
      const error = `EmailJS ${response.status} : ${text || response.statusText}`.slice(0, 500);
      if (response.status === 429)
        return { ok: false, error, retryAfter: retryAfterSeconds(response, 60) };
      // 400: the request itself (a bad address, an unknown template); 401/403 are settings a
      // person fixes (keys, "non-browser applications"): tried again later.
      if (response.status === 400 || response.status === 422)
        return { ok: false, error, permanent: true };
      return { ok: false, error };
    },
  };
}
