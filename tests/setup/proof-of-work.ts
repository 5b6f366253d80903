import { solveChallenge } from 'altcha-lib/v1';
import { LOCAL_ANON_KEY } from '../../src/config/local-backend';

/** The public write a challenge is for ('reserve', 'register', 'contact'); none: any of them. */
export type PowAction = 'reserve' | 'register' | 'contact' | 'recover';

/**
 * A proof-of-work solution (the `pow` field of a public write) for the API at `baseUrl`, solved
 * here in Node with altcha-lib, as a browser would: one challenge from `pow_challenge`, solved,
 * encoded as the ALTCHA payload (base64 JSON). Shared by the integration and end-to-end tests.
 * `headers` go with the challenge's request (e.g. forged address headers).
 */
export async function solveProofOfWork(
  baseUrl: string,
  options: { action?: PowAction; headers?: Record<string, string> } = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/rest/v1/rpc/pow_challenge`, {
    method: 'POST',
    headers: { apikey: LOCAL_ANON_KEY, 'Content-Type': 'application/json', ...options.headers },
    body: JSON.stringify(options.action ? { action: options.action } : {}),
  });
  if (!res.ok) throw new Error(`pow_challenge answered HTTP ${res.status}: ${await res.text()}`);
  const c = (await res.json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solved = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solved) throw new Error('pow_challenge gave a challenge without a solution');
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(
    JSON.stringify({ algorithm, challenge, number: solved.number, salt, signature }),
  ).toString('base64');
}
