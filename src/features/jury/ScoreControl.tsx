import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { formatScore } from './jury-text';

type Props = {
  id: string;
  label: string;
  weight: number;
  value: number | undefined;
  error?: string;
  disabled?: boolean;
  onChange: (value: number) => void;
};

const clamp = (v: number) => Math.min(10, Math.max(0, Math.round(v * 2) / 2));

/** The value at the horizontal point `x` of the bar (a tap where the judge means it). */
const valueAt = (e: MouseEvent<HTMLElement>) => {
  const r = e.currentTarget.getBoundingClientRect();
  return r.width > 0 ? clamp(((e.clientX - r.left) / r.width) * 10) : null;
};

/**
 * The keys of an unscored bar: a digit gives that note, Home 0, End 10, Up or Right half a point
 * (up from nothing); nothing goes down from nothing.
 */
function keyValue(key: string): number | null {
  if (/^[0-9]$/.test(key)) return Number(key);
  if (key === 'Home') return 0;
  if (key === 'End') return 10;
  if (key === 'ArrowUp' || key === 'ArrowRight' || key === 'PageUp') return 0.5;
  return null;
}

/**
 * One criterion, 0 to 10 in half points: big − and + buttons around a slider (arrows, Page
 * Up/Down, Home/End on the keyboard), the value written large. Not scored yet, the bar has no
 * thumb and no value (a spin button without aria-valuenow: a thumb in the middle read as a 5):
 * a tap on the bar gives the note at that point, a digit key that note; − does nothing and +
 * gives half a point, never a 5 nobody chose (issue 40, item 4).
 */
export function ScoreControl({ id, label, weight, value, error, disabled, onChange }: Props) {
  const errorId = `${id}-error`;
  const unscored = value === undefined;
  // The bar becomes a slider once scored: the focus follows it when it was on the bar.
  const barFocused = useRef(false);
  useEffect(() => {
    if (unscored || !barFocused.current) return;
    barFocused.current = false;
    document.getElementById(id)?.focus();
  }, [unscored, id]);
  const start = (v: number | null) => {
    if (v === null || disabled) return;
    barFocused.current = document.activeElement?.id === id;
    onChange(v);
  };
  const step = (delta: number) =>
    unscored ? delta > 0 && start(0.5) : onChange(clamp(value + delta));
  const buttonClass =
    'flex size-14 shrink-0 items-center justify-center rounded-xl border-2 border-brand-700 bg-white text-3xl font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring) aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
  const described = [unscored ? `${id}-how` : null, error ? errorId : null].filter(Boolean);
  const common = {
    id,
    'aria-labelledby': `${id}-label`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described.join(' ') || undefined,
  };
  const minusOff = disabled || unscored || value === 0;
  const plusOff = disabled || value === 10;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <label id={`${id}-label`} htmlFor={id} className="text-base font-semibold text-gray-900">
          {label} <span className="font-normal text-gray-700">({weight} %)</span>
        </label>
        <output htmlFor={id} className="text-2xl font-bold text-gray-900 tabular-nums">
          {unscored ? '—' : formatScore(value)}
          <span className="text-base font-normal text-gray-700"> / 10</span>
        </output>
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          aria-label={`${label} : un demi-point de moins`}
          aria-disabled={minusOff}
          onClick={() => !minusOff && step(-0.5)}
        >
          −
        </button>
        {unscored ? (
          <div
            {...common}
            role="spinbutton"
            tabIndex={disabled ? -1 : 0}
            aria-valuemin={0}
            aria-valuemax={10}
            aria-valuetext="pas encore noté"
            aria-disabled={disabled || undefined}
            className="flex h-11 min-w-0 flex-1 cursor-pointer items-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring)"
            onClick={(e) => start(valueAt(e))}
            onKeyDown={(e: KeyboardEvent) => {
              const v = keyValue(e.key);
              if (v === null) return;
              e.preventDefault();
              start(v);
            }}
          >
            <span className="block h-2 w-full rounded-full border border-dashed border-gray-600 bg-gray-100" />
          </div>
        ) : (
          <input
            {...common}
            type="range"
            min={0}
            max={10}
            step={0.5}
            value={value}
            disabled={disabled}
            aria-valuetext={`${formatScore(value)} sur 10`}
            className="h-11 min-w-0 flex-1 accent-brand-700"
            onChange={(e) => onChange(clamp(Number(e.target.value)))}
          />
        )}
        <button
          type="button"
          className={buttonClass}
          aria-label={`${label} : un demi-point de plus`}
          aria-disabled={plusOff}
          onClick={() => !plusOff && step(0.5)}
        >
          +
        </button>
      </div>
      {unscored && (
        <p id={`${id}-how`} className="text-sm text-gray-700">
          Pas encore noté : touchez la barre à la note voulue, ou tapez un chiffre.
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
