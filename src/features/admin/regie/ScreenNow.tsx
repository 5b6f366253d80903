import { Button } from '@/components/ui/Button';
import { SCREEN_MODE_LABELS } from '@/data/vote/labels';
import type { ScreenState } from '@/data/vote/types';
import { card, linkClass } from '../ui/classes';
import * as paths from '@/config/route-paths';

/**
 * What the stage screen (/ecran) shows now, live in a miniature, and the way back to its idle
 * face. The miniature is the screen's own page in a 16:9 frame: the screen sizes everything in
 * viewport widths, so at any width it shows what the hall sees, as the projector's own page asks
 * for it (docs/decisions/044-stage-screen-from-the-back.md).
 */
export function ScreenNow({
  screen,
  busy,
  onReset,
}: {
  screen: ScreenState | undefined;
  busy: boolean;
  onReset: () => void;
}) {
  const mode = screen?.mode;
  return (
    <section aria-labelledby="regie-screen" className={`${card} space-y-3`}>
      <h2 id="regie-screen" className="text-xl font-bold text-gray-900">
        À l’écran de scène
      </h2>
      <p className="text-lg text-gray-900">
        {mode ? (
          <>
            <strong>{SCREEN_MODE_LABELS[mode]}</strong>
            {screen?.round && mode !== 'idle' && <> — {screen.round.title}</>}
          </>
        ) : (
          'Chargement…'
        )}
      </p>
      <iframe
        src={paths.stageScreen}
        title="Miniature en direct de l’écran de scène"
        className="block aspect-video w-full max-w-xl rounded-lg border border-gray-300 bg-gray-950"
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button
          variant="secondary"
          size="lg"
          disabled={!mode || mode === 'idle' || mode === 'open'}
          busy={busy}
          busyLabel="Remise au repos…"
          onClick={onReset}
        >
          Remettre l’écran au repos
        </Button>
        <a href={paths.stageScreen} target="_blank" rel="noopener" className={linkClass}>
          Ouvrir l’écran de scène <span className="sr-only">(nouvel onglet)</span>
        </a>
      </div>
    </section>
  );
}
