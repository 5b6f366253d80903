/**
 * EmailJS (https://api.emailjs.com) mocked at the network boundary with msw, for every test that
 * makes the app send an e-mail. msw/node patches fetch, XMLHttpRequest and node's http client, so
 * @emailjs/browser (which posts with the global fetch) is answered here whatever it uses, while
 * every other request (the embedded backend on 127.0.0.1) goes through untouched.
 *
 * Call `mockEmailJs()` once, at the top level of a test file: it registers the file's hooks
 * (start before all tests, reset after each, close after all) and returns the recorder.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';

const EMAILJS_ORIGIN = 'https://api.emailjs.com';
export const EMAILJS_SEND_URL = `${EMAILJS_ORIGIN}/api/v1.0/email/send`;

/** The JSON body @emailjs/browser posts for one e-mail (see src/lib/emailjs.ts). */
type EmailJsSend = {
  lib_version: string;
  user_id: string;
  service_id: string;
  template_id: string;
  template_params: Record<string, string>;
};

export type EmailJsMock = {
  /** Parsed bodies of the sends EmailJS received (answered with an HTTP status), in order. */
  readonly sends: EmailJsSend[];
  /**
   * Every request that reached api.emailjs.com, as `METHOD url`, including those that failed at
   * the network level and any that is not a send (answered 404, so the app sees a failure).
   */
  readonly requests: string[];
  /** From now until the end of the test, EmailJS answers each send with `status` and `text`. */
  failWith(status: number, text?: string): void;
  /** From now until the end of the test, each send fails at the network level (fetch rejects). */
  failNetwork(): void;
  /**
   * The msw server, for a test's own one-off handlers (`server.use(...)`), e.g. making the
   * backend unreachable; they are removed after each test.
   */
  readonly server: SetupServer;
};

let started = false;

export function mockEmailJs(): EmailJsMock {
  // One server per test file: a second one would patch fetch over the first.
  if (started) throw new Error('mockEmailJs() is called once per test file, at its top level.');
  started = true;

  const sends: EmailJsSend[] = [];
  const requests: string[] = [];

  /**
   * Records what reaches api.emailjs.com and answers sends with `reply`. It matches the whole
   * origin, not only the send URL: an unmatched request would be bypassed to the real EmailJS.
   */
  const emailJs = (reply: () => Response): HttpHandler =>
    http.all(`${EMAILJS_ORIGIN}/*`, async ({ request }) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.method !== 'POST' || request.url !== EMAILJS_SEND_URL) {
        return new HttpResponse('Not an EmailJS send', { status: 404 });
      }
      const response = reply();
      // A network error means EmailJS never got the e-mail: only answered sends are recorded.
      if (response.type !== 'error') sends.push((await request.json()) as EmailJsSend);
      return response;
    });

  // EmailJS answers a successful send with 200 and the text "OK".
  const server = setupServer(emailJs(() => new HttpResponse('OK', { status: 200 })));

  // 'bypass': the embedded backend the tests talk to must be reached for real, and silently.
  beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
  afterEach(() => {
    server.resetHandlers();
    sends.length = 0;
    requests.length = 0;
  });
  afterAll(() => {
    server.close();
    started = false;
  });

  return {
    sends,
    requests,
    server,
    failWith(status, text = 'EmailJS refused the send') {
      server.use(emailJs(() => new HttpResponse(text, { status })));
    },
    failNetwork() {
      server.use(emailJs(() => HttpResponse.error()));
    },
  };
}
