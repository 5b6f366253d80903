/**
 * The messaging providers' HTTP APIs, mocked by one local server (Node) for the send-messages
 * Edge Function's tests and its benchmark (docs/decisions/033-messages-outbox.md, 034). Each
 * request is checked against the provider's documented shape; a request that does not match is
 * answered 400 and listed in `violations` (tests expect none). Answers can be scripted per
 * recipient: a status, or a list of statuses used in turn (500 then 201: a retry that passes).
 *
 * - Twilio: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic auth, form body To
 *   (+237…), Body, From or MessagingServiceSid → 201 { sid: 'SM…', status: 'queued', … }; errors
 *   { code, message, more_info, status }; 429 code 20429 with Retry-After.
 * - WhatsApp Cloud API: POST /{version}/{phone-number-id}/messages, Bearer token, JSON template
 *   message → 200 { messaging_product, contacts, messages: [{ id: 'wamid.…' }] }; errors
 *   { error: { message, type, code, fbtrace_id } }.
 * - EmailJS: POST /api/v1.0/email/send, JSON { service_id, template_id, user_id, accessToken,
 *   template_params } → 200 'OK'; errors as text.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const MOCK_CREDENTIALS = {
  twilioSid: `AC${'a'.repeat(32)}`,
  twilioToken: 'twilio-test-token',
  twilioFrom: 'BOOSTER',
  whatsappToken: 'whatsapp-test-token',
  whatsappPhoneId: '106540352242922',
  emailjs: {
    service: 'service_test',
    template: 'template_test',
    public: 'pk_test',
    private: 'sk_test',
  },
};

type Provider = 'twilio' | 'whatsapp' | 'emailjs';

type ReceivedMessage = {
  provider: Provider;
  /** The 9-digit number (SMS, WhatsApp) or the e-mail address. */
  recipient: string;
  /** SMS text, WhatsApp template name and parameters, or the e-mail's template_params. */
  content: unknown;
  status: number;
  at: number;
};

export type ProviderMock = {
  url: string;
  /** Every message request answered, in order of arrival. */
  received: ReceivedMessage[];
  /** Requests whose shape did not follow the documentation (answered 400). */
  violations: string[];
  /** The next answers for `recipient`, in turn (then 201/200 again). */
  script(recipient: string, statuses: number[]): void;
  /** The environment that points the function's adapters here. */
  env(): Record<string, string>;
  close(): Promise<void>;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(body),
  headers: { 'Content-Type': 'application/json', ...headers },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startProviderMock(): Promise<ProviderMock> {
  const received: ReceivedMessage[] = [];
  const violations: string[] = [];
  const scripts = new Map<string, number[]>();
  const C = MOCK_CREDENTIALS;

  const scripted = (recipient: string, ok: number) => scripts.get(recipient)?.shift() ?? ok;

  function twilio(req: IncomingMessage, path: string, body: string) {
    const sid = path.match(/^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/)?.[1];
    const problems: string[] = [];
    if (sid !== C.twilioSid) problems.push(`account ${sid}`);
    const auth = `Basic ${Buffer.from(`${C.twilioSid}:${C.twilioToken}`).toString('base64')}`;
    if (req.headers.authorization !== auth) problems.push('Basic auth');
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      problems.push('content-type');
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    if (!/^\+2376[0-9]{8}$/.test(to)) problems.push(`To ${to}`);
    const text = form.get('Body') ?? '';
    if (!text || text.length > 1600) problems.push('Body');
    if (!form.get('From') && !form.get('MessagingServiceSid')) problems.push('From');
    const recipient = to.slice(4);
    if (problems.length) {
      violations.push(`twilio: ${problems.join(', ')}`);
      return json(400, { code: 21604, message: problems.join(', '), more_info: '', status: 400 });
    }
    const status = scripted(recipient, 201);
    received.push({ provider: 'twilio', recipient, content: text, status, at: Date.now() });
    if (status === 201)
      return json(201, {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: sid,
        to,
        from: form.get('From'),
        body: text,
        status: 'queued',
        num_segments: '1',
      });
    if (status === 429)
      return json(
        429,
        { code: 20429, message: 'Too Many Requests', more_info: '', status },
        { 'Retry-After': '2' },
      );
    if (status >= 500)
      return json(status, { code: 20500, message: 'Internal Server Error', more_info: '', status });
    return json(status, {
      code: 21211,
      message: `The 'To' number ${to} is not a valid phone number.`,
      more_info: 'https://www.twilio.com/docs/errors/21211',
      status,
    });
  }

  function whatsapp(req: IncomingMessage, path: string, body: string) {
    const phoneId = path.match(/^\/v[0-9.]+\/([^/]+)\/messages$/)?.[1];
    const problems: string[] = [];
    if (phoneId !== C.whatsappPhoneId) problems.push(`phone number id ${phoneId}`);
    if (req.headers.authorization !== `Bearer ${C.whatsappToken}`) problems.push('Bearer token');
    let m: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      m = JSON.parse(body);
    } catch {
      problems.push('JSON');
    }
    if (m.messaging_product !== 'whatsapp') problems.push('messaging_product');
    if (m.type !== 'template') problems.push('type');
    if (!/^2376[0-9]{8}$/.test(String(m.to))) problems.push(`to ${m.to}`);
    const t = m.template ?? {};
    if (typeof t.name !== 'string' || !/^[a-z0-9_]+$/.test(t.name)) problems.push('template.name');
    if (typeof t.language?.code !== 'string') problems.push('template.language.code');
    const params = t.components?.[0]?.parameters;
    if (t.components?.[0]?.type !== 'body' || !Array.isArray(params) || params.length === 0)
      problems.push('template.components body');
    else if (!params.every((p: { type?: string; text?: string }) => p.type === 'text' && p.text))
      problems.push('template parameters');
    const recipient = String(m.to ?? '').slice(3);
    if (problems.length) {
      violations.push(`whatsapp: ${problems.join(', ')}`);
      return json(400, {
        error: { message: problems.join(', '), type: 'OAuthException', code: 100 },
      });
    }
    const status = scripted(recipient, 200);
    received.push({
      provider: 'whatsapp',
      recipient,
      content: { name: t.name, parameters: params.map((p: { text: string }) => p.text) },
      status,
      at: Date.now(),
    });
    if (status === 200)
      return json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: m.to, wa_id: m.to }],
        messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }],
      });
    if (status === 429)
      return json(400, {
        error: { message: 'Rate limit hit', type: 'OAuthException', code: 130429 },
      });
    if (status >= 500)
      return json(status, { error: { message: 'Service unavailable', code: 131000 } });
    return json(status, {
      error: { message: '(#131026) Message undeliverable', type: 'OAuthException', code: 131026 },
    });
  }

  function emailjs(
    req: IncomingMessage,
    body: string,
  ): { status: number; body: string; headers: Record<string, string> } {
    const problems: string[] = [];
    let m: Record<string, any> = {}; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      m = JSON.parse(body);
    } catch {
      problems.push('JSON');
    }
    if (!req.headers['content-type']?.startsWith('application/json')) problems.push('content-type');
    if (m.service_id !== C.emailjs.service) problems.push('service_id');
    if (m.template_id !== C.emailjs.template) problems.push('template_id');
    if (m.user_id !== C.emailjs.public) problems.push('user_id');
    if (m.accessToken !== C.emailjs.private) problems.push('accessToken');
    const p = m.template_params;
    if (!p || typeof p !== 'object' || !p.to_email || !p.message) problems.push('template_params');
    if (problems.length) {
      violations.push(`emailjs: ${problems.join(', ')}`);
      return { status: 400, body: `The request is invalid: ${problems.join(', ')}`, headers: {} };
    }
    const status = scripted(String(p.to_email), 200);
    received.push({
      provider: 'emailjs',
      recipient: String(p.to_email),
      content: p,
      status,
      at: Date.now(),
    });
    if (status === 200) return { status, body: 'OK', headers: {} };
    if (status === 429)
      return { status, body: 'Too many requests', headers: { 'Retry-After': '2' } };
    return {
      status,
      body: status >= 500 ? 'Server error' : 'The recipients address is corrupted',
      headers: {},
    };
  }

  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const path = new URL(req.url ?? '/', 'http://mock').pathname;
      let answer = { status: 404, body: 'not found', headers: {} as Record<string, string> };
      if (req.method === 'POST' && path.startsWith('/2010-04-01/'))
        answer = twilio(req, path, body);
      else if (req.method === 'POST' && /^\/v[0-9.]+\//.test(path))
        answer = whatsapp(req, path, body);
      else if (req.method === 'POST' && path === '/api/v1.0/email/send')
        answer = emailjs(req, body);
      else violations.push(`unknown request ${req.method} ${path}`);
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    violations,
    script: (recipient, statuses) => scripts.set(recipient, [...statuses]),
    env: () => ({
      TWILIO_ACCOUNT_SID: C.twilioSid,
      TWILIO_AUTH_TOKEN: C.twilioToken,
      TWILIO_FROM: C.twilioFrom,
      TWILIO_API_URL: url,
      WHATSAPP_ACCESS_TOKEN: C.whatsappToken,
      WHATSAPP_PHONE_NUMBER_ID: C.whatsappPhoneId,
      WHATSAPP_API_URL: `${url}/v21.0`,
      EMAILJS_SERVICE_ID: C.emailjs.service,
      EMAILJS_TEMPLATE_ID: C.emailjs.template,
      EMAILJS_PUBLIC_KEY: C.emailjs.public,
      EMAILJS_PRIVATE_KEY: C.emailjs.private,
      EMAILJS_API_URL: url,
      SEND_MESSAGES_SINK: '0',
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
