import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { LOGIN_FAILED } from '@/data/staff/admin-auth';
import { signInJury, type JuryStaff } from '@/data/staff/jury-sign-in';
import { Logo, CHALLENGE_LOGO_LIGHT } from '@/components/brand/Logo';
import { toDataError } from '@/lib/errors';

const EMAIL_REQUIRED = "L'email est requis";
const PASSWORD_REQUIRED = 'Le mot de passe est requis';

type Props = {
  /** Why the judge is here again (session expired, account refused…). */
  notice?: string;
  onSignedIn: (staff: JuryStaff) => void;
};

/** The judges’ sign-in (Supabase Auth; the database says who may score). */
export function JurySignIn({ notice, onSignedIn }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      email: email.trim() ? undefined : EMAIL_REQUIRED,
      password: password ? undefined : PASSWORD_REQUIRED,
    };
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'jury-email' : 'jury-password')?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      onSignedIn(await signInJury(email.trim(), password));
    } catch (error) {
      setFailure(toDataError(error, LOGIN_FAILED).message);
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-900 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <Logo logo={CHALLENGE_LOGO_LIGHT} alt="Booster Challenge" className="h-12 w-auto" />
        <h1 className="mt-1 text-2xl font-bold text-gray-900">Jury des auditions</h1>
        <p className="mt-2 text-gray-700">
          Réservé aux jurés des auditions et aux administrateurs.
        </p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label="Connexion">
          <RequiredLegend />
          <Field label="E-mail" error={errors.email} required>
            <input
              id="jury-email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Mot de passe" error={errors.password} required>
            <input
              id="jury-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          <FormAlert message={failure} />
          <Button type="submit" size="block" busy={busy} busyLabel="Connexion en cours...">
            Se connecter
          </Button>
        </form>
      </div>
    </main>
  );
}
