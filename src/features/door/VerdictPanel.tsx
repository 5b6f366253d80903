import { useEffect, useId } from 'react';
import { Button } from '@/components/ui/Button';
import type { Outcome } from './use-check-in';
import { formatEventTime } from '@/lib/dates';
import {
  VERDICT_RING,
  VERDICT_STYLE,
  VERDICT_SYMBOL,
  holderName,
  scanLabel,
  verdictAdvice,
  verdictTitle,
} from './verdict-text';

type Props = { outcome: Outcome; onNext: () => void };

type View = {
  style: keyof typeof VERDICT_STYLE;
  title: string;
  lines: string[];
  alert: boolean;
  /** Judged from the door list without the network. */
  offline?: boolean;
};

/** Under an offline verdict: from which list, and what happens next. */
function offlineLine(verdict: string, syncedAt: string): string {
  const list = `Vérifié hors ligne avec la liste de ${formatEventTime(syncedAt)}`;
  return verdict === 'validated' ? `${list} : l’entrée sera envoyée dès que possible.` : `${list}.`;
}

function viewOf(outcome: Outcome): View {
  if (outcome.kind === 'queued') {
    return {
      style: 'queued',
      title: 'En attente de réseau — sera envoyé',
      lines: [
        scanLabel(outcome.scan),
        'Pas de réseau : ce contrôle est gardé sur le téléphone et sera envoyé dès que possible.',
      ],
      alert: false,
    };
  }
  if (outcome.kind === 'impossible') {
    // Read aloud wrong, or a 0 for an O (docs/decisions/043-the-door-fits-the-hand.md).
    return {
      style: 'unknown',
      title: 'Code impossible',
      lines: [
        outcome.reason,
        `Code tapé : ${outcome.scan.value}`,
        'Vérifiez le code sous le QR code, ou cherchez le pass par téléphone.',
      ],
      alert: true,
    };
  }
  if (outcome.kind === 'error' && outcome.refusal === 'closed') {
    // Outside the door window (docs/decisions/017-roles-and-door-window.md): nothing recorded.
    return {
      style: 'closed',
      title: 'Contrôle fermé',
      lines: [outcome.message, scanLabel(outcome.scan), 'Rien n’a été enregistré.'],
      alert: true,
    };
  }
  if (outcome.kind === 'error' && outcome.refusal === 'limited') {
    return {
      style: 'limited',
      title: 'Trop de recherches par téléphone',
      lines: [outcome.message, 'Rien n’a été enregistré.'],
      alert: true,
    };
  }
  if (outcome.kind === 'error') {
    return { style: 'error', title: 'Contrôle impossible', lines: [outcome.message], alert: true };
  }
  const { answer, scan } = outcome;
  const name = holderName(answer);
  const who = answer.verdict === 'validated' ? [] : [name].filter((n): n is string => !!n);
  return {
    style: answer.verdict,
    title: verdictTitle(answer),
    lines: [
      verdictAdvice(answer, scan),
      ...who,
      ...(answer.maskedPhone ? [`Téléphone ${answer.maskedPhone}`] : []),
      ...(outcome.offline ? [offlineLine(answer.verdict, outcome.offline.syncedAt)] : []),
    ],
    alert: answer.verdict !== 'validated',
    offline: !!outcome.offline,
  };
}

/**
 * The verdict of a scan, filling the screen in words and colour. Announced at once (role=alert
 * for a refusal, status otherwise); focus moves to "Scanner le suivant", which repeats the
 * verdict as its description.
 */
export function VerdictPanel({ outcome, onNext }: Props) {
  const view = viewOf(outcome);
  const id = useId();
  useEffect(() => {
    window.scrollTo?.(0, 0);
    document.getElementById(`${id}-next`)?.focus();
  }, [outcome, id]);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`flex min-h-[calc(100dvh-4.5rem)] flex-col justify-between gap-6 p-5 sm:rounded-2xl ${VERDICT_STYLE[view.style]} ${VERDICT_RING[view.style]}`}
    >
      <div
        role={view.alert ? 'alert' : 'status'}
        aria-atomic="true"
        id={`${id}-verdict`}
        className="flex flex-1 flex-col items-center justify-center gap-4 text-center"
      >
        {view.offline && (
          <p className="rounded-full border-2 border-current px-4 py-1 text-lg font-black tracking-wide uppercase">
            Hors ligne
          </p>
        )}
        <p aria-hidden="true" className="text-8xl leading-none font-black">
          {VERDICT_SYMBOL[view.style]}
        </p>
        <h2 id={`${id}-title`} className="text-4xl leading-tight font-black break-words">
          {view.title}
        </h2>
        {view.lines.map((line) => (
          <p key={line} className="text-xl font-semibold">
            {line}
          </p>
        ))}
      </div>
      <Button
        id={`${id}-next`}
        variant="secondary"
        size="block"
        className="min-h-16 text-xl"
        aria-describedby={`${id}-verdict`}
        onClick={onNext}
      >
        Scanner le suivant
      </Button>
    </section>
  );
}
