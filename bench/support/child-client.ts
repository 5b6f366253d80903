/**
 * The benchmarks' load clients (rush, door, vote) run in a child process of their own, so that the
 * requests they time do not share an event loop with the benchmark's server and database driver.
 * `runInChild` forks the client's module with its flag, sends it the job and resolves with what
 * the child answers; `serveInChild` is the child's side; `post` is one HTTP POST on a keep-alive
 * agent, answering its status and body.
 */
import { fork } from 'node:child_process';
import { type Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

export function runInChild<Job, Result>(
  moduleUrl: string,
  flag: string,
  job: Job,
  what: string,
  timeoutMs: number,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    // The child inherits process.execArgv, so it runs under tsx like the benchmark itself.
    const child = fork(fileURLToPath(moduleUrl), [flag], { stdio: 'inherit' });
    let settled = false;
    const timer = setTimeout(() => {
      finish(new Error(`${what} did not finish within ${timeoutMs / 1000} s`));
      child.kill();
    }, timeoutMs);
    const finish = (error: Error | null, result?: Result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(result as Result);
    };
    child.once('message', (message) => finish(null, message as Result));
    child.once('error', (error) => finish(error));
    child.once('exit', (code) => finish(new Error(`${what}: the client exited (${code}) early`)));
    child.send(job as object);
  });
}

/** In the child started by runInChild: run `main` on the job received, send back its result. */
export function serveInChild<Job, Result>(flag: string, main: (job: Job) => Promise<Result>) {
  if (!process.argv.includes(flag)) return;
  process.once('message', (job) => {
    main(job as Job).then(
      (result) => process.send?.(result as object, () => process.exit(0)),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

export function post(agent: Agent, url: URL, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
