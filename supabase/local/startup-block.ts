import { DEMO_ACCOUNTS } from './constants.ts';

export type StartupFacts = {
  /** The site's address, where Vite really listens (no trailing slash). */
  site: string;
  /** How the database was opened, e.g. "kept in .local-db/ on 127.0.0.1:54322". */
  database: string;
  /** A psql connection string. */
  psql: string;
  /** Where the local sink writes the messages' full texts. */
  sinkFile: string;
  /** How long the backend took to start. */
  readyMs: number;
  /** A note when the usual database port was taken, or ''. */
  note?: string;
};

/**
 * What `npm run dev` prints once the site and its backend answer: one short block, everything a
 * newcomer needs (the site, the API, the database, where sent messages go, every demo account
 * with the page it signs in at), so that nothing scrolls it away (docs/decisions/020-local-backend-from-any-folder.md).
 */
export function startupBlock(facts: StartupFacts): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  const accounts = DEMO_ACCOUNTS.map(
    (a) =>
      `       ${a.role.padEnd(8)} ${a.email.padEnd(width)}  ${a.password.padEnd(19)} ${facts.site}${a.page}`,
  );
  return [
    `  ➜  Local backend ready in ${facts.readyMs} ms: PostgreSQL 17, ${facts.database}${facts.note ?? ''}`,
    `  ➜  Site:     ${facts.site}/`,
    `  ➜  API:      ${facts.site}/rest/v1, /auth/v1, /functions/v1`,
    `  ➜  Database: psql ${facts.psql}`,
    `  ➜  Messages: local sink, one count per batch here, full texts in ${facts.sinkFile}`,
    `  ➜  Demo accounts:`,
    ...accounts,
  ].join('\n');
}
