import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { staffRoleQuery } from '@/data/staff/queries';
import { AUDITION_CATEGORIES } from '@/data/auditions/types';
import { LoadingStatus } from '../ui/ListState';
import { CityRankingView } from './CityRankingView';
import { FinalView } from './FinalView';
import { SessionResultsView } from './SessionResultsView';
import { SessionsList } from './SessionsList';

/**
 * /admin/auditions "Auditions" (issue 30): the sessions, a session's results
 * (`?session=<id>`), a category's ranking across cities (`?classement=dance|singing`) and its
 * final (`?finale=dance|singing`, docs/decisions/047-the-final.md). Admins
 * act (sessions, lock, unlock, preselection); readers read, with no action offered
 * (docs/decisions/023-honest-screens.md). The judges score on /jury, their own page.
 */
export default function AuditionsPage() {
  const [params] = useSearchParams();
  const role = useQuery(staffRoleQuery());
  if (role.isPending) return <LoadingStatus>Chargement…</LoadingStatus>;
  const canWrite = role.data === 'admin';
  const sessionId = params.get('session');
  const category = AUDITION_CATEGORIES.find((c) => c === params.get('classement'));
  if (sessionId)
    return <SessionResultsView key={sessionId} sessionId={sessionId} canWrite={canWrite} />;
  if (category) return <CityRankingView key={category} category={category} canWrite={canWrite} />;
  const final = AUDITION_CATEGORIES.find((c) => c === params.get('finale'));
  if (final) return <FinalView key={final} category={final} canWrite={canWrite} />;
  return <SessionsList canWrite={canWrite} />;
}
