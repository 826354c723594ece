/**
 * Calls fn at most once per `ms`: at once when the window is free, otherwise once at the end of the
 * window with the latest arguments (so the final scroll position is always taken into account).
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let lastRun = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A;
  const run = (args: A) => {
    lastRun = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = lastRun + ms - Date.now();
    if (wait <= 0 && timer === undefined) return run(args);
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        run(pending);
      },
      Math.max(0, wait),
    );
  };
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
