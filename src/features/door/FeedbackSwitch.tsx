import { useState } from 'react';
import { feedbackOn, setFeedbackOn } from './verdict-feedback';

/**
 * "Son et vibration": on by default, off for a steward who works in silence; kept on this phone
 * (docs/decisions/043-the-door-fits-the-hand.md).
 */
export function FeedbackSwitch() {
  const [on, setOn] = useState(feedbackOn);
  const toggle = () => {
    setFeedbackOn(!on);
    setOn(!on);
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby="door-feedback-label"
      aria-describedby="door-feedback-hint"
      onClick={toggle}
      className="flex min-h-12 w-full flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-300 px-4 py-2 text-left text-base font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-(--focus-ring)"
    >
      <span className="min-w-0 flex-1 basis-40 wrap-anywhere">
        <span id="door-feedback-label" className="block">
          Son et vibration
        </span>
        <span id="door-feedback-hint" className="block text-sm font-normal text-gray-700">
          Un signal différent pour une entrée, un pass déjà entré et un refus.
        </span>
      </span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full ${on ? 'bg-green-700' : 'bg-gray-500'}`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : 'translate-x-1'}`}
        />
      </span>
    </button>
  );
}
