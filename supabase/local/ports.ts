import { createServer } from 'node:net';
import { DB_HOST, DB_PORT, DEFAULT_HOST, DEFAULT_PORT } from './constants.ts';

/**
 * The ports of the local backend. Each has a default (the Supabase CLI's: 54322 for PostgreSQL,
 * 54321 for the API) and an environment variable (LOCAL_DB_PORT, PORT). A port named in its
 * variable is used as it is: asked for by name, a clash is an error the server reports. Without
 * the variable, the default is used when free, and otherwise a free port, said in the startup
 * lines: a second checkout, or a dev server already running, does not stop `npm run backend` or
 * `npm run dev` (docs/decisions/028-declarative-schema.md, "Ports").
 */
type ChosenPort = {
  port: number;
  /** The default that was taken, when the port is another one. */
  defaultTaken?: number;
};

/** Whether nothing listens on host:port: a probe binds it and lets go at once. */
function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** A free port on host, chosen by the system. */
function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** `named` (the variable's value) when set, else `preferred` when free, else a free port. */
async function choosePort(
  preferred: number,
  named: string | undefined,
  host: string,
): Promise<ChosenPort> {
  if (named !== undefined && named.trim() !== '') {
    const port = Number(named);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`Not a port number: "${named}"`);
    return { port };
  }
  if (await portIsFree(preferred, host)) return { port: preferred };
  return { port: await anyFreePort(host), defaultTaken: preferred };
}

/** PostgreSQL's port: LOCAL_DB_PORT, else 54322 when free, else a free one. */
export const chooseDatabasePort = (env: NodeJS.ProcessEnv = process.env) =>
  choosePort(DB_PORT, env.LOCAL_DB_PORT, DB_HOST);

/** The API's port (`npm run backend`): PORT, else 54321 when free, else a free one. */
export const chooseApiPort = (env: NodeJS.ProcessEnv = process.env) =>
  choosePort(DEFAULT_PORT, env.PORT, DEFAULT_HOST);

/** "(54322 was taken)" after a port that is not its default, for the startup lines. */
export const takenNote = (chosen: ChosenPort, variable: string): string =>
  chosen.defaultTaken
    ? ` (${chosen.defaultTaken} was taken: a free port instead; ${variable} to choose one)`
    : '';
