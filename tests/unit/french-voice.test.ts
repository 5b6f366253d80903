import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isVerbatim } from '../setup/specification';

/**
 * One French voice (docs/glossary.md): every string of the interface, public site and admin, aria
 * labels and exports' labels included, spelled as the glossary says. Strings the specification
 * gives verbatim (tests/fixtures/specification.json) are exempt, even where they differ.
 *
 * A "string of the interface" is JSX text, or a string or template literal with a letter and a
 * space outside code positions (imports, class names, URLs, query strings of the data module,
 * console messages, object keys).
 */
const ROOT = join(import.meta.dirname, '..', '..');

const RULES: { name: string; pattern: RegExp }[] = [
  {
    name: '« e-mail » (not Email, email, E-Mail)',
    pattern: /(?<![.\w-])(?:[Ee]mails?|E-Mails?)\b/,
  },
  {
    name: 'French words (not Dashboard, Top 3, Booster Admin)',
    pattern: /Dashboard|\bTop \d|Booster Admin/,
  },
  { name: "typographic apostrophe ’ (not ')", pattern: /\p{L}'\p{L}/u },
  { name: 'ellipsis … (not ...)', pattern: /\.\.\./ },
  { name: 'space before % ("60 %")', pattern: /\d%/ },
  { name: 'hours as "16 h" (not 16h00)', pattern: /\b\d{1,2}h\d{2}\b/ },
  { name: 'a no-break space before : ; ! ? »', pattern: / [:;!?»]/ },
  { name: 'a no-break space after «', pattern: /« / },
];

/** Attributes whose values are code, not text. */
const CODE_ATTRIBUTES = new Set([
  'className',
  'href',
  'to',
  'id',
  'key',
  'type',
  'name',
  'autoComplete',
  'inputMode',
  'pattern',
  'rel',
  'target',
  'role',
  'htmlFor',
  'method',
  'accept',
  'src',
  'lang',
  'd',
  'viewBox',
  'fill',
  'stroke',
  'xmlns',
  'transform',
  'points',
  'aria-controls',
  'aria-describedby',
  'aria-labelledby',
  'form',
  'download',
  'media',
  'sizes',
  'dateTime',
  'capture',
  'enterKeyHint',
  'spellCheck',
  'autoCapitalize',
  'mode',
  'variant',
  'size',
  'field',
  'sortKey',
  'loading',
  'decoding',
  'fetchPriority',
  'width',
  'height',
]);
/** Calls whose string arguments are code (queries, logs, errors for developers, DOM). */
const CODE_CALLS = new Set([
  'select',
  'order',
  'eq',
  'neq',
  'or',
  'in',
  'is',
  'gte',
  'gt',
  'lte',
  'lt',
  'ilike',
  'like',
  'rpc',
  'from',
  'not',
  'contains',
  'match',
  'range',
  'filter',
  'textSearch',
  'log',
  'warn',
  'error',
  'info',
  'debug',
  'querySelector',
  'querySelectorAll',
  'getElementById',
  'matchMedia',
  'addEventListener',
  'removeEventListener',
  'createElement',
  'setAttribute',
  'getItem',
  'setItem',
  'removeItem',
  'postMessage',
  'Error',
  'TypeError',
  'RangeError',
  'import',
  'require',
  'test',
  'replace',
  'split',
  'startsWith',
  'endsWith',
  'includes',
  'RegExp',
]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(tsx?|)$/.test(name) && !name.endsWith('.d.ts') && !name.includes('.worker.')
      ? [path]
      : [];
  });
}

const calleeName = (call: ts.CallExpression | ts.NewExpression): string => {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
};

function inCodePosition(node: ts.Node): boolean {
  // `child` is the ancestor below `p`: a call's arguments are code for some calls, its callee
  // (e.g. the array before .filter().join()) is not.
  for (let child: ts.Node = node, p = node.parent; p; child = p, p = p.parent) {
    if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p)) return true;
    if (ts.isJsxAttribute(p)) return CODE_ATTRIBUTES.has(p.name.getText());
    if (
      (ts.isCallExpression(p) || ts.isNewExpression(p)) &&
      CODE_CALLS.has(calleeName(p)) &&
      p.arguments?.includes(child as ts.Expression)
    )
      return true;
    if (ts.isPropertyAssignment(p) && p.name === node) return true;
    if (ts.isBlock(p) || ts.isSourceFile(p)) return false;
  }
  return false;
}

type Found = { file: string; line: number; text: string; rule: string };

function interfaceStrings(path: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const out: { text: string; line: number }[] = [];
  const add = (node: ts.Node, text: string) => {
    if (!/\p{L}/u.test(text)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    out.push({ text: text.replace(/[ \t\r\n]+/g, ' ').trim(), line });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      !inCodePosition(node)
    ) {
      // Identifiers, keys, paths and MIME types have no space: not text.
      if (/\s/.test(node.text) || /^\p{Lu}/u.test(node.text)) add(node, node.text);
    } else if (ts.isTemplateExpression(node) && !inCodePosition(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      add(node, parts.join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Exempt: text the specification gives verbatim (tests/setup/specification.ts). */
const inSpec = isVerbatim;

describe('one French voice (docs/glossary.md)', () => {
  const found: Found[] = [];
  for (const file of files(join(ROOT, 'src'))) {
    for (const { text, line } of interfaceStrings(file)) {
      if (inSpec(text)) continue;
      for (const rule of RULES) {
        if (rule.pattern.test(text))
          found.push({ file: relative(ROOT, file), line, text, rule: rule.name });
      }
    }
  }

  it('scans the interface strings', () => {
    expect(files(join(ROOT, 'src')).length).toBeGreaterThan(100);
  });

  for (const rule of RULES) {
    it(`uses ${rule.name}`, () => {
      const list = found
        .filter((f) => f.rule === rule.name)
        .map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`);
      expect(list).toEqual([]);
    });
  }
});
