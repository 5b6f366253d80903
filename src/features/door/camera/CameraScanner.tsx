import { useEffect, useRef, useState } from 'react';
import { createQrDetector } from './qr-decoder';

type Props = {
  /** True while a verdict is shown: the camera stays on, nothing is read. */
  paused: boolean;
  /** The text of a QR code seen by the camera. */
  onCode: (raw: string) => void;
};

/** Time between two readings of the camera image (a cheap phone decodes ~5 images a second). */
const SCAN_EVERY_MS = 200;
/** After "Scanner le suivant", the pass just read is ignored this long (it may still be in view). */
const SAME_CODE_GRACE_MS = 2500;

function cameraError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'L’accès à la caméra a été refusé : autorisez-le dans les réglages du navigateur, ou saisissez le code.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'Aucune caméra trouvée : saisissez le code ou cherchez par téléphone.';
  if (name === 'NotReadableError')
    return 'La caméra est utilisée par une autre application : fermez-la puis réessayez.';
  if (name === 'Unsupported')
    return 'Ce navigateur ne permet pas de scanner : saisissez le code ou cherchez par téléphone.';
  return 'Le lecteur de QR code n’a pas pu démarrer (réseau ?) : saisissez le code, ou refermez et rouvrez la caméra.';
}

/**
 * The camera, reading QR codes (./qr-decoder.ts) until it is closed. In its own chunk, with the
 * decoder: nothing of it is downloaded before the door staff open the camera.
 */
export default function CameraScanner({ paused, onCode }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning'>('starting');
  const [error, setError] = useState<string | null>(null);
  const live = useRef({ paused, onCode, last: '', resumedAt: 0 });
  const pausedProp = useRef(paused);

  useEffect(() => {
    const l = live.current;
    l.onCode = onCode;
    if (pausedProp.current === paused) return;
    pausedProp.current = paused;
    l.paused = paused;
    if (!paused) {
      l.resumedAt = Date.now();
      void video.current?.play().catch(() => undefined);
    }
  }, [paused, onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('', 'Unsupported');
      const [media, detector] = await Promise.all([
        navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        }),
        createQrDetector(),
      ]);
      stream = media;
      const el = video.current;
      if (stopped || !el) return;
      el.srcObject = media;
      await el.play().catch(() => undefined);
      setState('scanning');
      const tick = async () => {
        if (stopped) return;
        const l = live.current;
        if (!l.paused && el.readyState >= 2) {
          const codes = await detector.detect(el).catch(() => []);
          const raw = codes[0]?.rawValue;
          const repeated = raw === l.last && Date.now() - l.resumedAt < SAME_CODE_GRACE_MS;
          if (raw && !stopped && !l.paused && !repeated) {
            l.last = raw;
            l.paused = true; // until the verdict is dismissed
            l.onCode(raw);
          }
        }
        timer = setTimeout(tick, SCAN_EVERY_MS);
      };
      void tick();
    };
    start().catch((e: unknown) => !stopped && setError(cameraError(e)));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
        {error}
      </p>
    );
  }
  return (
    <div className="relative overflow-hidden rounded-xl bg-black">
      <video
        ref={video}
        muted
        playsInline
        aria-hidden="true"
        className="aspect-square w-full object-cover"
      />
      <p
        role="status"
        className="absolute inset-x-0 bottom-0 bg-black/75 p-2 text-center text-base font-semibold text-white"
      >
        {state === 'starting' ? 'Ouverture de la caméra…' : 'Visez le QR code du pass'}
      </p>
    </div>
  );
}
