import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Locations in the repository, resolved from this file so they work from any working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));
export const migrationsDir = path.join(repoRoot, 'supabase', 'migrations');
export const seedFile = path.join(repoRoot, 'supabase', 'seed.sql');
export const localDbDir = path.join(repoRoot, '.local-db');
export const snapshotCacheDir = path.join(repoRoot, 'node_modules', '.cache', 'local-backend');
