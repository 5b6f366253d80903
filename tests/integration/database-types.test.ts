import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_TYPES_FILE,
  EDGE_CHECKED_VALUES_FILE,
  edgeCheckedValues,
  generateDatabaseTypes,
} from '../../scripts/db-types.ts';
import { testBackend } from '../setup/test-backend';

describe('supabase/database.types.ts', () => {
  it('is what `npm run db:types` generates from supabase/migrations', async () => {
    // This file's database is a clone of the run's migrated template, so it has the schema of
    // supabase/migrations. Reading the template itself is not an option: other test files clone
    // it meanwhile, and PostgreSQL refuses to copy a database that has a connection open.
    const fresh = await generateDatabaseTypes({ db: testBackend().db.admin });
    const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
    expect(
      committed,
      'supabase/database.types.ts differs from the schema of supabase/migrations: run npm run db:types',
    ).toBe(fresh);
  });

  it('gives the Edge Function the same CheckedValues (supabase/functions/send-messages)', async () => {
    const committed = await readFile(DATABASE_TYPES_FILE, 'utf8');
    expect(
      await readFile(EDGE_CHECKED_VALUES_FILE, 'utf8'),
      "the Edge Function's checked-values.ts differs from supabase/database.types.ts: run npm run db:types",
    ).toBe(edgeCheckedValues(committed));
  });
});
