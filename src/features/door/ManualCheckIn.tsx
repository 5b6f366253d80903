import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { passCodeOf } from './door-input';

type Props = {
  busy: boolean;
  /** Called with a valid pass code. */
  onSubmit: (code: string) => void;
};

const CODE_INVALID = 'Un code de pass a 10 caractères (lettres et chiffres), ex. ABCDE 23456.';

/** The pass code typed from the screen or paper (a lost pass: ./PhoneSearch.tsx). */
export function ManualCheckIn({ busy, onSubmit }: Props) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const valid = passCodeOf(code);
    setCodeError(valid ? undefined : CODE_INVALID);
    if (!valid) return document.getElementById('door-code')?.focus();
    setCode('');
    onSubmit(valid);
  };

  return (
    <div className="space-y-5">
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
    </div>
  );
}
