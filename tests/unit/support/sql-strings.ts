import { readFileSync } from 'node:fs';

/** `comment`: the text of a `comment on … is '…'` (English, for developers). */
export type SqlString = { text: string; line: number; fn: string; comment: boolean };

/**
 * The string literals of a SQL file, with the function they are written in ('' outside one):
 * comments skipped, '' and E'\n' unescaped. Dollar-quoted bodies are read as the code they are,
 * so the literals inside a function are found too.
 */
export function sqlStrings(path: string): SqlString[] {
  const sql = readFileSync(path, 'utf8');
  const out: SqlString[] = [];
  let line = 1;
  let fn = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === '\n') line++;
    else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      line++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      line += (sql.slice(i, end).match(/\n/g) ?? []).length;
      i = end + 1;
    } else if (c === "'") {
      const comment = /\bis\s*[eE]?$/i.test(sql.slice(Math.max(0, i - 6), i));
      const escaped = /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
      const start = line;
      let text = '';
      for (i++; i < sql.length; i++) {
        const d = sql[i];
        if (d === '\n') line++;
        if (escaped && d === '\\') {
          const next = sql[++i];
          text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        } else if (d === "'" && sql[i + 1] === "'") {
          text += "'";
          i++;
        } else if (d === "'") break;
        else text += d;
      }
      out.push({ text, line: start, fn, comment });
    } else if (/[cC]/.test(c) && !/\w/.test(sql[i - 1] ?? '')) {
      const m = /^create (?:or replace )?function ([\w.]+)/i.exec(sql.slice(i, i + 200));
      if (m) fn = m[1];
    }
  }
  return out;
}
