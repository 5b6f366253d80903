/**
 * Builds the site the end-to-end suite and Lighthouse serve (test-artifacts/e2e-dist), if it is
 * missing or older than its sources: .ci/run makes it alongside the other checks, so neither the
 * Lighthouse step nor the test step waits for a build.
 */
import { ensureBuild } from './server';

ensureBuild();
