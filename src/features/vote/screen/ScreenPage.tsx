import { useDocumentTitle } from '@/lib/use-page-meta';
import { NIGHT_PARTY_LOGO, Logo } from '@/components/brand/Logo';
import { useSiteUrl } from '@/lib/share-links';
import * as paths from '@/config/route-paths';
import type { ScreenFeed } from './use-screen-state';
import { useScreenState } from './use-screen-state';
import { ClosedFace, IdleFace, OpenFace } from './ScreenViews';
import { RevealedFace } from './ScreenResults';

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
    // Named: the régie shows this page in a frame beside its own main landmark (ADR 044).
    <main
      aria-label="Écran de scène"
      className="flex min-h-dvh flex-col bg-linear-to-br from-gray-950 via-purple-950 to-blue-900 text-white"
      style={{ paddingInline: '4vw', paddingBlock: '2.5vw' }}
    >
      {state && state.mode !== 'idle' && round && (
        <header className="flex items-center justify-between" style={{ marginBottom: '1.5vw' }}>
          <Logo
            logo={NIGHT_PARTY_LOGO}
            alt="Booster Night Party"
            className="w-auto"
            style={{ height: '4vw' }}
          />
          <p
            className="font-bold uppercase"
            style={{ fontSize: '1.8vw', color: 'var(--color-night-300)' }}
          >
            Vote du public
          </p>
        </header>
      )}
      {face}
      <p
        role="status"
        className="fixed text-gray-300"
        style={{ right: '1vw', bottom: '1vw', fontSize: '1.1vw' }}
      >
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
