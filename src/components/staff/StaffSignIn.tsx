import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { FormAlert } from '@/components/ui/FormAlert';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { Logo, type LogoFile } from '@/components/brand/Logo';
import { LOGIN_FAILED } from '@/data/staff/admin-auth';
import { toDataError } from '@/lib/errors';
import { requiredText } from '@/lib/validation';

/** Only filled in: the address's form and the password are judged by Supabase Auth. */
const staffSignInSchema = z.object({
  email: requiredText("L'email est requis"),
  password: z.string().check(z.minLength(1, 'Le mot de passe est requis')),
});
type StaffSignInValues = z.infer<typeof staffSignInSchema>;

export type StaffSignInProps<Staff> = {
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
}: StaffSignInProps<Staff>) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<StaffSignInValues>({
    resolver: zodResolver(staffSignInSchema),
    defaultValues: { email: '', password: '' },
    // As before: a message stays until the next attempt.
    reValidateMode: 'onSubmit',
  });
  const [failure, setFailure] = useState<string | null>(notice ?? null);
  const [signedIn, setSignedIn] = useState(false);

  const submit = async ({ email, password }: StaffSignInValues) => {
    setFailure(null);
    try {
      const staff = await signIn(email, password);
      // The button stays busy while the page opens (the form goes with it).
      setSignedIn(true);
      onSignedIn(staff);
    } catch (error) {
      setFailure(toDataError(error, LOGIN_FAILED).message);
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-brand-900 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
        <Logo logo={logo} alt={logoAlt} className="h-12 w-auto" />
        <h1 className="mt-1 text-2xl font-bold text-gray-900">{title}</h1>
        <p className="mt-2 text-gray-700">{intro}</p>
        <form
          onSubmit={handleSubmit(submit)}
          noValidate
          className="mt-6 space-y-4"
          aria-label="Connexion"
        >
          <RequiredLegend />
          <Field label="E-mail" error={errors.email?.message} required>
            <input
              id={`${idPrefix}-email`}
              type="email"
              autoComplete="username"
              {...register('email')}
            />
          </Field>
          <Field label="Mot de passe" error={errors.password?.message} required>
            <input
              id={`${idPrefix}-password`}
              type="password"
              autoComplete="current-password"
              {...register('password')}
            />
          </Field>
          <FormAlert message={failure} />
          <Button
            type="submit"
            size="block"
            busy={isSubmitting || signedIn}
            busyLabel="Connexion en cours..."
          >
            Se connecter
          </Button>
        </form>
      </div>
    </main>
  );
}
