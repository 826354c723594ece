// A job that runs at start, on an interval and on demand, one pass at a time in this process: the
// reconciliation of payments and the clean-up of what anyone can make the service store.
import type { Logger } from "../runtime/types";

export interface PeriodicJob<R> {
  /** Runs a pass now (or joins the one running). Never throws: a failure is logged and answers null. */
  run(): Promise<R | null>;
  /** Stops the interval and waits for a running pass. */
  stop(): Promise<void>;
}

/** Runs `pass` every `intervalMs` (0: never), unref'd so it never keeps the process alive. */
export function startPeriodic<R>(pass: () => Promise<R>, intervalMs: number, logger: Logger, failure: string): PeriodicJob<R> {
  let running: Promise<R | null> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve(null);
    running ??= pass()
      .catch((error) => {
        logger.error(failure, { error: (error as Error)?.message ?? String(error) });
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : null;
  timer?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
