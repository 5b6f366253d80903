import { LOCAL_ANON_KEY } from './local-backend';

/**
 * The environment, read once and checked. When VITE_SUPABASE_URL is unset the app talks to the
 * embedded local backend mounted on the same origin (see supabase/local).
 *
 * Checked by hand, not with zod: the public pages read it for their first request (the Night
 * Party's availability, a pass), and the validation library would then weigh ~23 kB gzip on
 * their first load (build/bundle-budget.ts). Two rules: the URL parses, the key comes with it.
 */
type RawEnv = Partial<Record<string, string>>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

const isUrl = (v: string) => {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
};

/** The names of the variables that are set but wrong. */
function invalidNames(e: RawEnv): string[] {
  const wrong: string[] = [];
  if (e.VITE_SUPABASE_URL && !isUrl(e.VITE_SUPABASE_URL)) wrong.push('VITE_SUPABASE_URL');
  if (e.VITE_SUPABASE_ANON_KEY !== undefined && e.VITE_SUPABASE_ANON_KEY.length < 20)
    wrong.push('VITE_SUPABASE_ANON_KEY');
  else if (e.VITE_SUPABASE_URL && !e.VITE_SUPABASE_ANON_KEY) wrong.push('VITE_SUPABASE_ANON_KEY');
  return wrong;
}

/**
 * EmailJS in the browser: the contact form's notification to the organisers, nothing else.
 * Confirmations and convocations go through the database's outbox and its sender, with the
 * provider's private key (docs/decisions/038-no-visitor-links-and-outbox-only.md).
 */
export type EmailJsConfig = {
  publicKey: string;
  serviceId: string;
  contactTemplateId: string;
};

export type AppEnv = {
  supabaseUrl: string;
  supabaseAnonKey: string;
  usesLocalBackend: boolean;
  emailjs: EmailJsConfig | null;
};

/**
 * The local demo key, where the embedded backend may be used: never in a production build (the
 * constant folds to null there and the key is left out of the bundle).
 */
function localAnonKey(): string | null {
  return typeof __LOCAL_BACKEND__ !== 'undefined' && !__LOCAL_BACKEND__ ? null : LOCAL_ANON_KEY;
}

export const MISSING_BACKEND =
  'VITE_SUPABASE_URL is not set: a production build needs the Supabase project URL and anon key (see .env.example), or VITE_LOCAL_BACKEND=true to target the embedded local backend.';

export function parseEnv(
  raw: Record<string, unknown>,
  origin: string,
  localKey: string | null = localAnonKey(),
): AppEnv {
  const e: RawEnv = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, blankToUndefined(v)]),
  );
  const wrong = invalidNames(e);
  if (wrong.length > 0) {
    throw new Error(`Invalid environment: ${wrong.join(', ')}. See .env.example.`);
  }
  const emailjs =
    e.VITE_EMAILJS_PUBLIC_KEY && e.VITE_EMAILJS_SERVICE_ID && e.VITE_EMAILJS_CONTACT_TEMPLATE_ID
      ? {
          publicKey: e.VITE_EMAILJS_PUBLIC_KEY,
          serviceId: e.VITE_EMAILJS_SERVICE_ID,
          contactTemplateId: e.VITE_EMAILJS_CONTACT_TEMPLATE_ID,
        }
      : null;
  if (e.VITE_SUPABASE_URL) {
    return {
      supabaseUrl: e.VITE_SUPABASE_URL,
      supabaseAnonKey: e.VITE_SUPABASE_ANON_KEY as string,
      usesLocalBackend: false,
      emailjs,
    };
  }
  if (!localKey) throw new Error(MISSING_BACKEND);
  return { supabaseUrl: origin, supabaseAnonKey: localKey, usesLocalBackend: true, emailjs };
}

/** `read()`, or undefined where it throws (outside Vite, import.meta.env is undefined). */
function attempt(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * The variables the site reads, each named: Vite writes the value of each
 * `import.meta.env.NAME` into the bundle, but where `import.meta.env` is used whole it writes
 * every VITE_ variable of the build's environment, whatever the code reads (the EmailJS template
 * ids of issue 38 were public that way). tests/unit/public-bundle.test.ts checks the build.
 */
const readEnv = (): Record<string, unknown> => ({
  VITE_SUPABASE_URL: attempt(() => import.meta.env.VITE_SUPABASE_URL),
  VITE_SUPABASE_ANON_KEY: attempt(() => import.meta.env.VITE_SUPABASE_ANON_KEY),
  VITE_EMAILJS_PUBLIC_KEY: attempt(() => import.meta.env.VITE_EMAILJS_PUBLIC_KEY),
  VITE_EMAILJS_SERVICE_ID: attempt(() => import.meta.env.VITE_EMAILJS_SERVICE_ID),
  VITE_EMAILJS_CONTACT_TEMPLATE_ID: attempt(() => import.meta.env.VITE_EMAILJS_CONTACT_TEMPLATE_ID),
});

let cached: AppEnv | undefined;

/** The validated environment (computed on first use). */
export function getEnv(): AppEnv {
  cached ??= parseEnv(
    // Outside Vite (Node scripts such as `npm run bench`) there is no import.meta.env: the local
    // backend on 127.0.0.1:54321 applies, as it does when VITE_SUPABASE_URL is unset.
    readEnv(),
    typeof window === 'undefined' ? 'http://127.0.0.1:54321' : window.location.origin,
  );
  return cached;
}
