import { fileURLToPath } from 'node:url';
import path from 'node:path';

// From the string form of import.meta.url: jsdom (component tests) replaces the global URL class.
const here = path.dirname(fileURLToPath(import.meta.url));

/** Locations in the repository, resolved from this file so they work from any working directory. */
export const repoRoot = path.resolve(here, '..', '..');
export const bootstrapFile = path.join(here, 'bootstrap.sql');
export const clusterFile = path.join(here, 'cluster.sql');
export const migrationsDir = path.join(repoRoot, 'supabase', 'migrations');
export const seedFile = path.join(repoRoot, 'supabase', 'seed.sql');
const localDbDir = path.join(repoRoot, '.local-db');
/** The kept cluster's folder: LOCAL_DB_DIR when set (tests, a second data set), else .local-db/. */
export const localDataDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.LOCAL_DB_DIR ? path.resolve(env.LOCAL_DB_DIR) : localDbDir;
