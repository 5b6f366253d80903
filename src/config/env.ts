import { z } from 'zod';
import { LOCAL_ANON_KEY } from './local-backend';

/**
 * The environment, read once and validated. When VITE_SUPABASE_URL is unset the app talks to the
 * embedded local backend mounted on the same origin (see supabase/local).
 */
const schema = z
  .object({
    VITE_SUPABASE_URL: z.url('VITE_SUPABASE_URL doit être une URL').optional(),
    VITE_SUPABASE_ANON_KEY: z.string().min(20).optional(),
    VITE_EMAILJS_PUBLIC_KEY: z.string().optional(),
    VITE_EMAILJS_SERVICE_ID: z.string().optional(),
    VITE_EMAILJS_CONTACT_TEMPLATE_ID: z.string().optional(),
    VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID: z.string().optional(),
  })
  .refine((e) => !e.VITE_SUPABASE_URL || e.VITE_SUPABASE_ANON_KEY, {
    message: 'VITE_SUPABASE_ANON_KEY is required when VITE_SUPABASE_URL is set',
    path: ['VITE_SUPABASE_ANON_KEY'],
  });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export type EmailJsConfig = {
  publicKey: string;
  serviceId: string;
  contactTemplateId: string | null;
  confirmationTemplateId: string | null;
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
  const cleaned = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, blankToUndefined(v)]));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const names = result.error.issues.map((i) => i.path.join('.')).join(', ');
    throw new Error(`Invalid environment: ${names}. See .env.example.`);
  }
  const e = result.data;
  const emailjs =
    e.VITE_EMAILJS_PUBLIC_KEY && e.VITE_EMAILJS_SERVICE_ID
      ? {
          publicKey: e.VITE_EMAILJS_PUBLIC_KEY,
          serviceId: e.VITE_EMAILJS_SERVICE_ID,
          contactTemplateId: e.VITE_EMAILJS_CONTACT_TEMPLATE_ID ?? null,
          confirmationTemplateId: e.VITE_EMAILJS_CONFIRMATION_TEMPLATE_ID ?? null,
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

let cached: AppEnv | undefined;

/** The validated environment (computed on first use). */
export function getEnv(): AppEnv {
  cached ??= parseEnv(
    // Outside Vite (Node scripts such as `npm run bench`) there is no import.meta.env: the local
    // backend on 127.0.0.1:54321 applies, as it does when VITE_SUPABASE_URL is unset.
    (import.meta.env ?? {}) as Record<string, unknown>,
    typeof window === 'undefined' ? 'http://127.0.0.1:54321' : window.location.origin,
  );
  return cached;
}
