import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { passCodeOf, phoneDigitsOf } from './door-input';

type Props = {
  busy: boolean;
  /** Called with a valid pass code or 9-digit phone. */
  onSubmit: (kind: 'code' | 'phone', value: string) => void;
};

const CODE_INVALID = 'Un code de pass a 10 caractères (lettres et chiffres), ex. ABCDE 23456.';
const PHONE_INVALID = 'Entrez les 9 chiffres du numéro, ex. 677 12 34 56.';

/** The pass code typed from the screen or paper, or the holder's phone when the pass is lost. */
export function ManualCheckIn({ busy, onSubmit }: Props) {
  const [code, setCode] = useState('');
  const [phone, setPhone] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    const valid = passCodeOf(code);
    setCodeError(valid ? undefined : CODE_INVALID);
    if (!valid) return document.getElementById('door-code')?.focus();
    setCode('');
    onSubmit('code', valid);
  };

  const submitPhone = (e: FormEvent) => {
    e.preventDefault();
    const valid = phoneDigitsOf(phone);
    setPhoneError(valid ? undefined : PHONE_INVALID);
    if (!valid) return document.getElementById('door-phone')?.focus();
    setPhone('');
    onSubmit('phone', valid);
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
      <form
        onSubmit={submitPhone}
        noValidate
        aria-label="Chercher par téléphone"
        className="space-y-3"
      >
        <Field label="Téléphone du titulaire" error={phoneError} hint="9 chiffres, pass perdu.">
          <input
            id="door-phone"
            type="tel"
            inputMode="numeric"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            className="text-xl"
          />
        </Field>
        <Button type="submit" variant="secondary" size="block" busy={busy} busyLabel="Recherche…">
          Chercher par téléphone
        </Button>
      </form>
    </div>
  );
}
