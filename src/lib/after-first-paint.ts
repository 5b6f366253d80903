/**
 * Runs `task` once the browser has painted the current frame (a requestAnimationFrame callback
 * runs just before a paint; a timeout set from it, just after). React may run a mount effect
 * before the first paint: downloads started there would compete with the page's first paint
 * (their parsing and evaluation on the main thread), which is what the visitor waits for.
 * Returns a function that cancels the task if it has not run yet.
 */
export function afterFirstPaint(task: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timeout = setTimeout(task, 0);
    return () => clearTimeout(timeout);
  }
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}
