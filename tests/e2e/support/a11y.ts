/** axe-core on a live page: every rule axe runs by default (WCAG 2.x A/AA and best practices). */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server';

const LOG = join(ROOT, 'test-artifacts', 'axe-checks.jsonl');

type AxeFinding = { rule: string; impact: string; help: string; targets: string[] };

/** Runs axe and returns the violations in a readable form; each check is logged for the report. */
async function axeViolations(page: Page, label: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const findings = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
  appendFileSync(
    LOG,
    `${JSON.stringify({ label, url: page.url(), violations: findings.length })}\n`,
  );
  return findings;
}

/** Readable assertion message: one line per violation with where it is. */
function describeFindings(label: string, findings: AxeFinding[]): string {
  return findings.length
    ? `${label}: ${findings.length} axe violation(s)\n${findings
        .map((f) => `  - [${f.impact}] ${f.rule}: ${f.help}\n      ${f.targets.join('\n      ')}`)
        .join('\n')}`
    : `${label}: no violation`;
}

/** Fails the test with the readable message when axe finds a violation on the page as it is. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const findings = await axeViolations(page, label);
  expect(findings, describeFindings(label, findings)).toEqual([]);
}
