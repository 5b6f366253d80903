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

/**
 * One criterion, 0 to 10 in half points: big − and + buttons around a slider (arrows, Page
 * Up/Down, Home/End on the keyboard), the value written large. Not scored yet: "—", and the
 * first tap on − or + gives 5.
 */
export function ScoreControl({ id, label, weight, value, error, disabled, onChange }: Props) {
  const errorId = `${id}-error`;
  const step = (delta: number) => onChange(value === undefined ? 5 : clamp(value + delta));
  const buttonClass =
    'flex size-14 shrink-0 items-center justify-center rounded-xl border-2 border-brand-700 bg-white text-3xl font-bold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring) aria-disabled:cursor-not-allowed aria-disabled:opacity-60';
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <label id={`${id}-label`} htmlFor={id} className="text-base font-semibold text-gray-900">
          {label} <span className="font-normal text-gray-700">({weight} %)</span>
        </label>
        <output htmlFor={id} className="text-2xl font-bold text-gray-900 tabular-nums">
          {value === undefined ? '—' : formatScore(value)}
          <span className="text-base font-normal text-gray-700"> / 10</span>
        </output>
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          aria-label={`${label} : un demi-point de moins`}
          aria-disabled={disabled || value === 0}
          onClick={() => !(disabled || value === 0) && step(-0.5)}
        >
          −
        </button>
        <input
          id={id}
          type="range"
          min={0}
          max={10}
          step={0.5}
          value={value ?? 5}
          disabled={disabled}
          aria-valuetext={value === undefined ? 'pas encore noté' : `${formatScore(value)} sur 10`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 min-w-0 flex-1 accent-brand-700"
          onChange={(e) => onChange(clamp(Number(e.target.value)))}
          // A tap on the slider where it already stands still gives that value.
          onClick={(e) => value === undefined && onChange(clamp(Number(e.currentTarget.value)))}
        />
        <button
          type="button"
          className={buttonClass}
          aria-label={`${label} : un demi-point de plus`}
          aria-disabled={disabled || value === 10}
          onClick={() => !(disabled || value === 10) && step(0.5)}
        >
          +
        </button>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
