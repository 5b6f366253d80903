import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { Logo, type LogoFile } from '@/components/brand/Logo';
import { LOGIN_FAILED } from '@/data/staff/admin-auth';
import { toDataError } from '@/lib/errors';

const EMAIL_REQUIRED = "L'email est requis";
const PASSWORD_REQUIRED = 'Le mot de passe est requis';

type Props<Staff> = {
  /** The page's own mark, title and line saying who may sign in. */
  logo: LogoFile;
  logoAlt: string;
  title: string;
  intro: string;
  /** Prefix of the fields' ids (`door` → door-email, door-password). */
  idPrefix: string;
  /** Signs in and checks the role (the database says who may use the page). */
  signIn: (email: string, password: string) => Promise<Staff>;
  /** Why the person is here again (session expired, account refused…). */
  notice?: string;
  onSignedIn: (staff: Staff) => void;
};

/**
 * The sign-in of the staff pages that live outside the administration, on a phone or a tablet:
 * the door (/porte) and the jury (/jury). Supabase Auth, then the role asked of the database.
 */
export function StaffSignIn<Staff>({
  logo,
  logoAlt,
  title,
  intro,
  idPrefix,
  signIn,
  notice,
  onSignedIn,
}: Props<Staff>) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const [busy, setBusy] = useState(false);
  const emailId = `${idPrefix}-email`;
  const passwordId = `${idPrefix}-password`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      email: email.trim() ? undefined : EMAIL_REQUIRED,
      password: password ? undefined : PASSWORD_REQUIRED,
    };
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? emailId : passwordId)?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      onSignedIn(await signIn(email.trim(), password));
    } catch (error) {
      setFailure(toDataError(error, LOGIN_FAILED).message);
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-900 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <Logo logo={logo} alt={logoAlt} className="h-12 w-auto" />
        <h1 className="mt-1 text-2xl font-bold text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-700">{intro}</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label="Connexion">
          <RequiredLegend />
          <Field label="E-mail" error={errors.email} required>
            <input
              id={emailId}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field label="Mot de passe" error={errors.password} required>
            <input
              id={passwordId}
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
