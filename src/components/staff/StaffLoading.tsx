import { Logo, type LogoFile } from '@/components/brand/Logo';

type Props = { logo: LogoFile; logoAlt: string; title: string };

/** A staff page while its gate asks who is signed in (./use-staff-gate.ts). */
export function StaffLoading({ logo, logoAlt, title }: Props) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-brand-900 p-6 text-white">
      <Logo logo={logo} alt={logoAlt} className="mb-3 h-14 w-auto" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p role="status">Chargement…</p>
    </main>
  );
}
