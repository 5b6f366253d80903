/** Runs `task` when the browser is idle (or in 2 s where it cannot tell). Returns a canceller. */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 2000);
  return () => clearTimeout(id);
}
