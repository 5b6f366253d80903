import { useState } from 'react';

/**
 * A form field's state, initialised from what is saved and reset to it when the saved value
 * changes (after a successful save, or another organiser's). Reset during render, as React's
 * "adjusting state when a prop changes" recipe does, rather than by remounting the form with a
 * `key`: a remount replaces the button that was just pressed and drops the keyboard focus to
 * <body> (issue 15).
 */
export function useSyncedState<T>(saved: T): [T, (value: T) => void] {
  const [value, setValue] = useState(saved);
  const [base, setBase] = useState(saved);
  if (!Object.is(base, saved)) {
    setBase(saved);
    setValue(saved);
  }
  return [value, setValue];
}
