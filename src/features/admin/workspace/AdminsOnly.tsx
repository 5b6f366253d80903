import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadingStatus } from '../ui/ListState';
import { staffRoleQuery } from '@/data/staff/queries';
import { linkClass, pageTitle } from '../ui/classes';
import * as paths from '@/config/route-paths';

/**
 * A page of the admins alone (the journal, the bin): another staff member who reaches it by its
 * address reads that it is not theirs, instead of an empty list or a load error (issue 27,
 * docs/decisions/023-honest-screens.md). The sidebar does not offer these pages to them.
 * `children` renders only for an admin; nothing is asked of the database before the role is known.
 */
export function AdminsOnly({
  title,
  what,
  children,
}: {
  title: string;
  /** What is reserved, as the sentence starts: "Le journal", "La corbeille". */
  what: string;
  children: ReactNode;
}) {
  const role = useQuery(staffRoleQuery());
  if (role.data === 'admin') return children;
  if (role.isPending) return <LoadingStatus>Chargement…</LoadingStatus>;
  return (
    <div className="space-y-4">
      <h1 className={pageTitle}>{title}</h1>
      <p className="rounded-lg border border-gray-200 bg-white p-4 text-gray-800">
        {what} est réservé{what.startsWith('La ') ? 'e' : ''} aux administrateurs. Votre compte lit
        les listes, les statistiques et les paramètres, sans les modifier.
      </p>
      <Link to={paths.admin} className={linkClass}>
        Retour au tableau de bord
      </Link>
    </div>
  );
}
