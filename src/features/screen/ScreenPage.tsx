import { useDocumentTitle } from '@/lib/use-page-meta';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { useSiteUrl } from '@/lib/share-links';
import * as paths from '@/config/route-paths';
import type { ScreenFeed } from './use-screen-state';
import { useScreenState } from './use-screen-state';
import { ClosedFace, IdleFace, OpenFace, RevealedFace } from './ScreenViews';

/** One face of the screen for the feed's state; idle before the first answer. */
function ScreenView({ state, offsetMs, lost, voteUrl }: ScreenFeed & { voteUrl: string }) {
  const round = state?.round ?? null;
  const face =
    !state || !round || state.mode === 'idle' ? (
      <IdleFace />
    ) : state.mode === 'open' ? (
      <OpenFace round={round} offsetMs={offsetMs} voteUrl={voteUrl} />
    ) : state.mode === 'closed' ? (
      <ClosedFace round={round} />
    ) : (
      <RevealedFace key={round.id} round={round} />
    );
  return (
    <main className="flex min-h-dvh flex-col bg-linear-to-br from-gray-950 via-night-950 to-brand-950 px-[4vw] py-[2.5vw] text-white">
      {state && state.mode !== 'idle' && round && (
        <header className="mb-[1.5vw] flex items-center justify-between">
          <Logo logo={NIGHT_PARTY_LOGO} alt="Booster Night Party" className="h-[4vw] w-auto" />
          <p className="text-[1.8vw] font-bold text-night-300 uppercase">Vote du public</p>
        </header>
      )}
      {face}
      <p role="status" className="fixed right-[1vw] bottom-[1vw] text-[1.1vw] text-gray-300">
        {lost ? 'connexion perdue' : ''}
      </p>
    </main>
  );
}

/**
 * /ecran: the public vote on the stage's projector (public: the database's vote_screen_state
 * gives nothing personal). It asks for its state once a second and keeps showing the last one
 * when the venue's network drops.
 */
export default function ScreenPage() {
  useDocumentTitle('Vote du public — Booster Night Party');
  const feed = useScreenState();
  const voteUrl = useSiteUrl(paths.vote);
  return <ScreenView {...feed} voteUrl={voteUrl} />;
}
