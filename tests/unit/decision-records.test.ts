import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Decision records that say when they were taken and whether they still hold (issue 39, item 9):
 * under its title every record in docs/decisions/ has `- Date: YYYY-MM-DD` (the day the file was
 * first committed) and `- Status: accepted | superseded by NNN | amended by NNN[, NNN]` (a note
 * in brackets may follow), naming records that exist and came later; docs/decisions/README.md
 * lists every record once, with its title, date and status, and no file that is not there.
 */
const FOLDER = fileURLToPath(new URL('../../docs/decisions/', import.meta.url));
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^(accepted|superseded by (\d{3})|amended by (\d{3}(?:, \d{3})*))(?: \(.+\))?$/;

interface RecordHead {
  number: string;
  title: string;
  date: string;
  status: string;
  /** The records its status names (superseded or amended by). */
  later: string[];
}

interface IndexRow {
  number: string;
  title: string;
  file: string;
  date: string;
  status: string;
  decides: string;
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** The head of a record, or what is wrong with it. */
function readHead(file: string, text: string): RecordHead | string {
  const number = RECORD_FILE.exec(file)?.[1];
  if (!number) return 'name is not NNN-words.md';
  const [title, blank, dateLine, statusLine] = text.split('\n');
  const heading = new RegExp(`^# ${number} — (.+)$`).exec(title ?? '');
  if (!heading) return `title is not "# ${number} — …"`;
  const date = /^- Date: (.*)$/.exec(dateLine ?? '')?.[1];
  if (blank !== '' || date === undefined) return 'no "- Date:" line under the title';
  if (!isDay(date)) return `date "${date}" is not a day (YYYY-MM-DD)`;
  const statusText = /^- Status: (.*)$/.exec(statusLine ?? '')?.[1];
  if (statusText === undefined) return 'no "- Status:" line under the date';
  const status = STATUS.exec(statusText);
  if (!status) return `status "${statusText}" is not accepted, superseded by NNN or amended by NNN`;
  const later = (status[2] ?? status[3] ?? '').split(', ').filter(Boolean);
  return { number, title: heading[1], date, status: status[1], later };
}

/** The rows of the index's table: `| NNN | [title](file) | date | status | what it decides |`. */
function readIndex(text: string): IndexRow[] {
  return text
    .split('\n')
    .filter((line) => /^\|\s*\d{3}\s*\|/.test(line))
    .map((line) => {
      const cells = line
        .slice(1, line.trimEnd().length - 1)
        .split('|')
        .map((cell) => cell.trim());
      const link = /^\[(.+)\]\(([^)]+)\)$/.exec(cells[1] ?? '');
      return {
        number: cells[0],
        title: link?.[1] ?? '',
        file: link?.[2] ?? '',
        date: cells[2] ?? '',
        status: cells[3] ?? '',
        decides: cells[4] ?? '',
      };
    });
}

/** Every disagreement between the records (file name -> text) and the index's text. */
function problems(records: Record<string, string>, index: string): string[] {
  const found: string[] = [];
  const heads = new Map<string, RecordHead>();
  for (const [file, text] of Object.entries(records)) {
    const head = readHead(file, text);
    if (typeof head === 'string') found.push(`${file}: ${head}`);
    else heads.set(file, head);
  }
  const numbers = new Set(Object.keys(records).map((file) => RECORD_FILE.exec(file)?.[1]));
  for (const [file, head] of heads) {
    for (const later of head.later) {
      if (!numbers.has(later)) found.push(`${file}: its status names ${later}, which is missing`);
      else if (later <= head.number) found.push(`${file}: ${later} is not a later record`);
    }
  }
  const rows = readIndex(index);
  for (const row of rows) {
    if (!(row.file in records)) found.push(`README.md lists ${row.file}, which is missing`);
  }
  for (const [file, head] of heads) {
    const listed = rows.filter((row) => row.file === file);
    if (listed.length !== 1) {
      found.push(`${file}: listed ${listed.length} times in README.md`);
      continue;
    }
    const [row] = listed;
    const wanted = { number: head.number, title: head.title, date: head.date, status: head.status };
    const got = { number: row.number, title: row.title, date: row.date, status: row.status };
    if (JSON.stringify(got) !== JSON.stringify(wanted)) {
      found.push(
        `${file}: README.md says ${JSON.stringify(got)}, the file ${JSON.stringify(wanted)}`,
      );
    }
    if (row.decides === '') found.push(`${file}: README.md does not say what it decides`);
  }
  return found;
}

const record = (number: string, date: string, status: string) =>
  `# ${number} — Title ${number}\n\n- Date: ${date}\n- Status: ${status}\n\n## Context\n`;
const row = (number: string, date: string, status: string) =>
  `| ${number} | [Title ${number}](${number}-a.md) | ${date} | ${status} | Decides ${number}. |`;

describe('decision records', () => {
  it('each say their date and status under the title, and the index lists them alike', () => {
    const files = readdirSync(FOLDER).filter(
      (file) => file.endsWith('.md') && file !== 'README.md',
    );
    expect(files.length).toBeGreaterThan(30);
    const records = Object.fromEntries(
      files.map((file) => [file, readFileSync(path.join(FOLDER, file), 'utf8')]),
    );
    expect(problems(records, readFileSync(path.join(FOLDER, 'README.md'), 'utf8'))).toEqual([]);
  });

  it('catch a record without a date or status, a bad reference and an index that disagrees', () => {
    const good = {
      '001-a.md': record('001', '2026-11-22', 'amended by 002'),
      '002-a.md': record('002', '2026-11-23', 'accepted (amends 001)'),
    };
    const index = [
      row('001', '2026-11-22', 'amended by 002'),
      row('002', '2026-11-23', 'accepted'),
    ].join('\n');
    expect(problems(good, index)).toEqual([]);
    expect(problems({ ...good, '003-a.md': '# 003 — Title 003\n\n## Context\n' }, index)).toEqual([
      '003-a.md: no "- Date:" line under the title',
    ]);
    expect(
      problems({ ...good, '002-a.md': record('002', '2026-02-30', 'accepted') }, index),
    ).toEqual(['002-a.md: date "2026-02-30" is not a day (YYYY-MM-DD)']);
    expect(
      problems({ ...good, '002-a.md': record('002', '2026-11-23', 'proposed') }, index),
    ).toEqual(['002-a.md: status "proposed" is not accepted, superseded by NNN or amended by NNN']);
    expect(
      problems({ ...good, '001-a.md': record('001', '2026-11-22', 'superseded by 009') }, index),
    ).toEqual([
      '001-a.md: its status names 009, which is missing',
      '001-a.md: README.md says {"number":"001","title":"Title 001","date":"2026-11-22","status":"amended by 002"}, the file {"number":"001","title":"Title 001","date":"2026-11-22","status":"superseded by 009"}',
    ]);
    expect(problems(good, `${index}\n${row('004', '2026-11-24', 'accepted')}`)).toEqual([
      'README.md lists 004-a.md, which is missing',
    ]);
    expect(problems(good, row('001', '2026-11-22', 'amended by 002'))).toEqual([
      '002-a.md: listed 0 times in README.md',
    ]);
    expect(problems(good, index.replace('2026-11-23', '2026-11-28'))).toHaveLength(1);
  });
});
