import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { SCREEN_MODE_LABELS } from '@/data/vote/labels';
import type { ScreenState } from '@/data/vote/types';
import { card, linkClass } from '../ui/classes';
import * as paths from '@/config/route-paths';

/** The projector's picture: the frame lays the screen out at this size, then scales it down. */
const SCREEN_W = 1920;
const SCREEN_H = 1080;

/**
 * The stage screen's own page, live, in a 16:9 miniature: laid out at 1920×1080 as on the
 * projector (fonts, wraps and columns exactly the hall's), scaled to the box's width
 * (docs/decisions/044-stage-screen-from-the-back.md). Without ResizeObserver (jsdom), a quarter.
 */
function Miniature() {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.25);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const fit = () => setScale(el.clientWidth / SCREEN_W);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="relative aspect-video w-full max-w-xl overflow-hidden rounded-lg border border-gray-300 bg-gray-950"
    >
      <iframe
        src={paths.stageScreen}
        title="Miniature en direct de l’écran de scène"
        width={SCREEN_W}
        height={SCREEN_H}
        className="absolute top-0 left-0 block border-0"
        style={{ transform: `scale(${scale})`, transformOrigin: '0 0' }}
      />
    </div>
  );
}

/** What the stage screen (/ecran) shows now, live in a miniature, and the way back to its idle face. */
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
      <Miniature />
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
