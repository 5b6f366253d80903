import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { formatEventDate, formatEventDay, formatEventTime } from '../../src/lib/dates';
import { isVerbatim } from '../setup/specification';
import { FRENCH, GSM7, TEMPLATES, sms, sqlTexts } from './support/sql-strings';

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

const RULES: { name: string; pattern: RegExp; frenchOnly?: boolean }[] = [
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
  {
    name: 'a space before : ; ! ? (not "Merci!")',
    pattern: /[\p{L}\d)»][:;!?](?=\s|$)/u,
    frenchOnly: true,
  },
  { name: 'hours as "16 h" (not 16:00)', pattern: /(?<![\d:])\d{1,2}:\d{2}(?![\d:])/ },
  { name: '"pass" invariable (not passes)', pattern: /\bpass(?:es|s)\b/ },
  {
    name: 'a no-break space between day and month',
    pattern:
      / \d{1,2}(?:er)? (?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)/,
  },
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
  'super',
  'fetch',
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
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('');
      // A URL or a path built from parts (`${api}/email/send`) has no space: not text.
      if (/\s/.test(parts)) add(node, parts);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const TIME_RULE = 'hours as "16 h" (private.douala_time, not HH24:MI)';

/** Exempt: text the specification gives verbatim (tests/setup/specification.ts). */
const inSpec = isVerbatim;

describe('one French voice (docs/glossary.md)', () => {
  const found: Found[] = [];
  const check = (file: string, line: number, text: string, rules = RULES) => {
    if (inSpec(text)) return;
    for (const rule of rules) {
      if (rule.pattern.test(text) && (!rule.frenchOnly || FRENCH.test(text)))
        found.push({ file, line, text, rule: rule.name });
    }
  };
  const sources = [join(ROOT, 'src'), join(ROOT, 'supabase', 'functions')].flatMap(files);
  for (const file of sources)
    for (const { text, line } of interfaceStrings(file)) check(relative(ROOT, file), line, text);
  for (const { file, line, text, fn } of sqlTexts(ROOT)) {
    if (fn === 'private.sms_encoding') continue;
    if (!sms(fn, text)) check(file, line, text);
    // A curly apostrophe or a no-break space would make every SMS UCS-2: two to three times the
    // parts, and the cost (docs/decisions/033-messages-outbox.md).
    else if (!GSM7.test(text)) found.push({ file, line, text, rule: 'GSM-7 message templates' });
    else
      check(
        file,
        line,
        text,
        RULES.filter((r) => !/apostrophe|space/.test(r.name)),
      );
    if (/HH24(?:"h"|:)MI/.test(text)) found.push({ file, line, text, rule: TIME_RULE });
  }

  it('scans the interface strings, the Edge Function and the database’s texts', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sqlTexts(ROOT).length).toBeGreaterThan(150);
    expect(sqlTexts(ROOT).filter((s) => s.fn === TEMPLATES).length).toBe(6);
  });

  it('writes dates and times as the glossary does (16 h, a day held to its month)', () => {
    const at = '2026-12-19T15:00:00Z';
    expect(formatEventTime(at)).toBe('16\u00a0h');
    expect(formatEventTime('2026-12-19T08:05:00Z')).toBe('9\u00a0h\u00a005');
    expect(formatEventDate(at)).toBe('samedi 19\u00a0décembre 2026');
    expect(formatEventDay(at)).toBe('19\u00a0décembre 2026');
  });

  it(`uses ${TIME_RULE} in the database`, () => {
    const list = found.filter((f) => f.rule === TIME_RULE).map((f) => `${f.file}:${f.line}`);
    expect(list).toEqual([]);
  });

  it('keeps the message templates in GSM-7', () => {
    const list = found.filter((f) => f.rule === 'GSM-7 message templates');
    expect(list.map((f) => `${f.file}:${f.line} ${JSON.stringify(f.text)}`)).toEqual([]);
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
