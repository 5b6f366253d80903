/** Bar charts of the dashboard and the stats page: plain HTML, readable without the bars. */
const CHART_HEIGHT_PX = 160;
const MIN_BAR_PX = 20;
const ZERO_BAR_PX = 4;

/** Bar height: proportional to the largest count, at least 20 px when non-zero, 4 px at zero. */
export function barHeight(count: number, max: number, chartPx = CHART_HEIGHT_PX): number {
  if (count <= 0 || max <= 0) return ZERO_BAR_PX;
  return Math.max(MIN_BAR_PX, Math.round((count / max) * chartPx));
}

export type Bar = { label: string; count: number; detail?: string };

export function BarChart({ bars, colour = 'bg-brand-600' }: { bars: Bar[]; colour?: string }) {
  const max = Math.max(0, ...bars.map((b) => b.count));
  return (
    <ul
      className="flex flex-wrap items-end justify-around gap-2 pt-2"
      style={{ minHeight: CHART_HEIGHT_PX + 56 }}
    >
      {bars.map((b) => (
        <li key={b.label} className="flex min-w-8 flex-1 flex-col items-center gap-1">
          <span className="text-sm font-semibold text-gray-900">{b.count}</span>
          <span
            aria-hidden="true"
            className={`w-full max-w-16 rounded-t-md ${b.count > 0 ? colour : 'bg-gray-300'}`}
            style={{ height: barHeight(b.count, max) }}
            data-testid="bar"
          />
          <span className="text-center text-xs text-gray-700">{b.label}</span>
          {b.detail && <span className="text-xs text-gray-600">{b.detail}</span>}
        </li>
      ))}
    </ul>
  );
}
