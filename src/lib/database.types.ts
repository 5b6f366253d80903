// Filled in with the schema of supabase/migrations.
export type Database = any; // eslint-disable-line @typescript-eslint/no-explicit-any
