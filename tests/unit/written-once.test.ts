import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the staff pages share is written once (issue 39, item 4): these checks read the sources
 * and name any file that writes it again instead of importing the shared module.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SOURCES = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => {
    const path = join(ROOT, 'src', file);
    return { file: relative(ROOT, path), text: readFileSync(path, 'utf8') };
  });

/** The source files, other than `except`, whose text matches `pattern`. */
const filesMatching = (pattern: RegExp, except: string) =>
  SOURCES.filter(({ file, text }) => file !== except && pattern.test(text)).map((s) => s.file);

describe('written once', () => {
  it('reads the network state only in src/lib/use-online.ts', () => {
    expect(filesMatching(/navigator\.onLine|['"]online['"]/, 'src/lib/use-online.ts')).toEqual([]);
  });

  it('keeps data on the device only through src/lib/offline-store.ts', () => {
    expect(filesMatching(/idb-keyval|\bindexedDB\b/, 'src/lib/offline-store.ts')).toEqual([]);
  });
});

/**
 * A form's field errors are react-hook-form's, checked by a zod schema (zodResolver, the rules of
 * src/lib/validation.ts and the features' rules modules), as ContactForm and RegistrationForm do:
 * no form keeps them in a state of its own.
 */
const HAND_ROLLED_ERRORS =
  /\bsetErrors\b|useState<\s*(?:\w*Errors\b|Record<string,\s*string>|\{[^}]*\?:\s*string)/;

describe('one form idiom', () => {
  const forms = SOURCES.filter(({ file, text }) => /\.tsx$/.test(file) && /<form\b/.test(text));

  it('keeps no form’s field errors in a state of its own', () => {
    expect(forms.length).toBeGreaterThan(10);
    expect(forms.filter(({ text }) => HAND_ROLLED_ERRORS.test(text)).map((f) => f.file)).toEqual(
      [],
    );
  });

  it('sees the hand-rolled errors it forbids', () => {
    const bad = [
      'const [errors, setErrors] = useState<SessionErrors>({});',
      'const [errors, setErrors] = useState<{ email?: string; password?: string }>({});',
      'const [errors, set] = useState<Record<string, string>>({});',
    ];
    expect(bad.filter((line) => !HAND_ROLLED_ERRORS.test(line))).toEqual([]);
    expect(
      HAND_ROLLED_ERRORS.test('const [answer, setAnswer] = useState<string | null>(null);'),
    ).toBe(false);
  });
});
