/**
 * Public, well-known values of the embedded local backend (supabase/local), the same ones the
 * Supabase CLI uses for its local stack. They are not secrets: they only open a database that
 * runs on the developer's own machine. Production builds use VITE_SUPABASE_URL / _ANON_KEY.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
