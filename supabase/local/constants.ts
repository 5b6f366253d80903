/**
 * Well-known values of the embedded local backend. They are the Supabase CLI's public demo
 * values: they only open a database that runs on the developer's own machine.
 */
import { LOCAL_ANON_KEY } from '../../src/config/local-backend.ts';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** The Supabase CLI's demo anon key (role anon, signed with JWT_SECRET), shared with the app. */
export const ANON_KEY = LOCAL_ANON_KEY;

/** The Supabase CLI's demo service_role key (signed with JWT_SECRET). */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The demo admin account created by supabase/seed.sql. */
export const DEMO_ADMIN = {
  email: 'admin@booster-challenge.local',
  password: 'BoosterAdmin2025',
} as const;

/** Every demo account of supabase/seed.sql, with the page it signs in at (README, "Demo accounts"). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', ...DEMO_ADMIN, page: '/admin/login' },
  {
    role: 'lecteur',
    email: 'lecteur@booster-challenge.local',
    password: 'BoosterLecteur2025',
    page: '/admin/login',
  },
  {
    role: 'porte',
    email: 'porte@booster-challenge.local',
    password: 'BoosterPorte2025',
    page: '/porte',
  },
  {
    role: 'régie',
    email: 'regie@booster-challenge.local',
    password: 'BoosterRegie2025',
    page: '/admin/regie',
  },
  {
    role: 'jury',
    email: 'jury@booster-challenge.local',
    password: 'BoosterJury2025',
    page: '/jury',
  },
] as const;

export const DEFAULT_HOST = '127.0.0.1';
/** The API port, as the Supabase CLI's. */
export const DEFAULT_PORT = 54321;

/** PostgreSQL of the local backend: the Supabase CLI's port, host and demo password. */
export const DB_HOST = '127.0.0.1';
export const DB_PORT = 54322;
export const DB_PASSWORD = 'postgres';
/** The cluster's superuser, as on hosted Supabase (`postgres` is not a superuser there). */
export const DB_SUPERUSER = 'supabase_admin';
/** The database the dev server and the backend CLI use (hosted projects have one, `postgres`). */
export const DEV_DATABASE = 'postgres';

/** Supabase's default `max_rows`: a read never returns more rows than this. */
export const MAX_ROWS = 1000;

/** Lifetime of an access token, in seconds (GoTrue's default `jwt_expiry`). */
export const ACCESS_TOKEN_TTL = 3600;

/** The roles a JWT may ask for (PostgREST's authenticator can switch only to these). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
