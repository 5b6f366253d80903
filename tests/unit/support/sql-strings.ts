import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `comment`: the text of a `comment on … is '…'` (English, for developers). */
export type SqlString = { text: string; line: number; fn: string; comment: boolean };

/**
 * The string literals of a SQL file, with the function they are written in ('' outside one):
 * comments skipped, '' and E'\n' unescaped. Dollar-quoted bodies are read as the code they are,
 * so the literals inside a function are found too.
 */
function sqlStrings(path: string): SqlString[] {
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

/** French text, not a developer's English message or a code fragment such as "mailto:". */
export const FRENCH = /[àâçéèêîôûù’«]|\b(?:le|la|les|des|du|une?|et|est|pour|votre|vous|de)\b/i;

/**
 * The message templates: the one-line ones are SMS and WhatsApp text, so GSM-7 (docs/glossary.md,
 * "Messages"); the e-mail (several lines) follows the typography. The GSM-7 alphabet itself is code.
 */
/** A space before : ; ! ? or around « », as French spacing is written. */
const PUNCTUATED = / [:;!?»]|« /;

export const TEMPLATES = 'private.render_message';
export const sms = (fn: string, text: string) => fn === TEMPLATES && !text.includes('\n');
export const GSM7 =
  /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;

/** The French texts supabase/schemas writes: its messages, the journal's summaries, the templates. */
export function sqlTexts(root: string) {
  const dir = join(root, 'supabase', 'schemas');
  return (
    readdirSync(dir)
      .filter((name) => name.endsWith('.sql'))
      .flatMap((name) =>
        sqlStrings(join(dir, name)).map((s) => ({ ...s, file: `supabase/schemas/${name}` })),
      )
      // French words, or French spacing itself (a '%s : %s' sentence, a ' ; ' joiner).
      .filter(
        (s) => !s.comment && /\s/.test(s.text) && (FRENCH.test(s.text) || PUNCTUATED.test(s.text)),
      )
  );
}
