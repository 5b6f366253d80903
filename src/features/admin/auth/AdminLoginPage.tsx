import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { Field } from '@/components/ui/Field';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { email } from '@/lib/validation';
import { ADMIN_SESSION_TOASTS, notify } from '@/lib/toast';
import { adminPageTitle, useDocumentTitle } from '@/lib/use-page-meta';
import { readAdminSession, saveAdminSession } from '@/lib/admin-session';
import { toDataError } from '@/lib/errors';
import { LOGIN_FAILED, signInAdmin } from '@/data/staff/admin-auth';
import { Button } from '@/components/ui/Button';
import { CHALLENGE_LOGO_LIGHT, Logo } from '@/components/brand/Logo';
import * as paths from '@/config/route-paths';

export const adminLoginSchema = z.object({
  email: email("L'email est requis", "Format d'email invalide"),
  password: z.string().check(z.minLength(1, 'Le mot de passe est requis')),
});
export type AdminLoginValues = z.infer<typeof adminLoginSchema>;

export default function AdminLoginPage() {
  const navigate = useNavigate();
  useDocumentTitle(adminPageTitle('Connexion'));
  const [alreadySignedIn] = useState(() => readAdminSession() !== null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<AdminLoginValues>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { email: '', password: '' },
  });

  if (alreadySignedIn) return <Navigate to={paths.admin} replace />;

  // Field errors under their field; a refused sign-in once, as the specification's toast.
  const onSubmit = async (values: AdminLoginValues) => {
    try {
      const { email: signedIn, regie, jury } = await signInAdmin(values.email, values.password);
      // A judge has no administration: their page signs them in with the same session.
      if (jury) return void navigate(paths.jury, { replace: true });
      saveAdminSession(signedIn);
      notify.success('Connexion réussie!', ADMIN_SESSION_TOASTS);
      navigate(regie ? paths.adminRegie : paths.admin, { replace: true });
    } catch (e) {
      notify.error(toDataError(e, LOGIN_FAILED).message, ADMIN_SESSION_TOASTS);
      // The toast says why (once); the focus goes where the fix is, the password selected.
      setFocus('password', { shouldSelect: true });
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <div className="mb-6 text-center">
          <Logo
            logo={CHALLENGE_LOGO_LIGHT}
            alt="Booster Challenge"
            className="mx-auto h-14 w-auto"
          />
          <h1 className="mt-4 text-2xl font-bold text-gray-900">Connexion Administrateur</h1>
        </div>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
          <RequiredLegend />
          <Field label="E-mail" error={errors.email?.message} required>
            <input type="email" autoComplete="username" {...register('email')} />
          </Field>
          <Field label="Mot de passe" error={errors.password?.message} required>
            <input type="password" autoComplete="current-password" {...register('password')} />
          </Field>
          <Button type="submit" size="block" busy={isSubmitting} busyLabel="Connexion en cours...">
            Se connecter
          </Button>
        </form>
        <p className="mt-4 text-center">
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            ← Retour au site principal
          </Link>
        </p>
      </div>
    </main>
  );
}
