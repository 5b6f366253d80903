import type { TestProject } from 'vitest/node';
import { ensureBuild, startPreview } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eBackend: boolean;
  }
}

/** Builds if needed and starts one preview server (fresh in-memory database) for the whole run. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const outDir = ensureBuild();
  const server = await startPreview(outDir);
  console.log(
    `Site on ${server.url} (${server.backend ? 'embedded backend ready' : 'NO embedded backend: data journeys will be skipped'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eBackend', server.backend);
  return () => server.stop();
}
