import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { passCodeOf } from './door-input';
import { impossibleCodeReason } from './code-reason';

type Props = {
  busy: boolean;
  /** Called with a valid pass code. */
  onSubmit: (code: string) => void;
  /** Called with a typed code that cannot be a pass, and why: shown as a verdict. */
  onImpossible: (typed: string, reason: string) => void;
};

const CODE_REQUIRED = 'Tapez le code du pass : 10 caractères, ex. ABCDE 23456.';

/** The pass code typed from the screen or paper (a lost pass: ./PhoneSearch.tsx). */
export function ManualCheckIn({ busy, onSubmit, onImpossible }: Props) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const valid = passCodeOf(code);
    // A code that cannot be a pass is a verdict with its reason, not a note under the field
    // (docs/decisions/043-the-door-fits-the-hand.md); only an empty field stays a field error.
    const reason = valid ? null : impossibleCodeReason(code);
    setCodeError(valid || reason ? undefined : CODE_REQUIRED);
    if (!valid && !reason) return document.getElementById('door-code')?.focus();
    setCode('');
    if (valid) onSubmit(valid);
    else if (reason) onImpossible(code.trim(), reason);
  };

  return (
    <form onSubmit={submitCode} noValidate aria-label="Saisir le code" className="space-y-3">
      <Field label="Code du pass" error={codeError} hint="10 caractères, sous le QR code.">
        <input
          id="door-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          className="text-xl tracking-widest uppercase"
        />
      </Field>
      <Button type="submit" size="block" busy={busy} busyLabel="Vérification…">
        Valider le code
      </Button>
    </form>
  );
}
