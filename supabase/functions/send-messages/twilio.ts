import {
  internationalNumber,
  networkOutcome,
  retryAfterSeconds,
  type Adapter,
  type Outcome,
} from './types.ts';

/**
 * SMS through Twilio's Programmable Messaging REST API (docs/decisions/034-sms-provider.md):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (Account SID and Auth
 * Token), a form body with To (E.164), Body and either From (the registered alphanumeric sender
 * ID) or MessagingServiceSid. 201 answers the Message resource (its `sid`); an error answers
 * { code, message, more_info, status }; 429 (code 20429) asks to slow down.
 */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  apiUrl: string;
  perSecond: number;
};

/** 4xx codes that a later try may pass: the account's credentials or balance, fixed by a person. */
const FIXABLE = new Set([401, 403]);

export function twilioAdapter(config: TwilioConfig): Adapter {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${btoa(`${config.accountSid}:${config.authToken}`)}`;
  return {
    provider: 'twilio',
    perSecond: config.perSecond,
    async send(row): Promise<Outcome> {
      const form = new URLSearchParams({
        To: `+${internationalNumber(row.recipient)}`,
        Body: row.body,
      });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else form.set('From', config.from ?? '');
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            Accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        return networkOutcome(error);
      }
      const json = (await response.json().catch(() => null)) as {
        sid?: unknown;
        code?: unknown;
        message?: unknown;
      } | null;
      if (response.ok && typeof json?.sid === 'string') return { ok: true, providerId: json.sid };
      const error = `Twilio ${response.status}${json?.code ? ` (${String(json.code)})` : ''} : ${
        typeof json?.message === 'string' ? json.message : response.statusText
      }`.slice(0, 500);
      if (response.status === 429)
        return { ok: false, error, retryAfter: retryAfterSeconds(response, 60) };
      if (response.status >= 500 || FIXABLE.has(response.status) || response.ok)
        return { ok: false, error };
      return { ok: false, error, permanent: true };
    },
  };
}
