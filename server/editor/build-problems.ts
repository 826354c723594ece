// What `npm run dev`'s supervisor (server/cli/dev.ts) says of the code this server serves: the
// problems of the last build that failed (the process keeps serving the last good version), and which
// code it is (this process, and how many builds it loaded in place since it started: open tabs made
// from another code reload). The live-preview stream sends both with every message; an empty list is
// a good build.
type Listener = (lines: string[]) => void;

let problems: string[] = [];
let swaps = 0;
const listeners = new Set<Listener>();

const notify = () => {
  for (const listener of listeners) listener(problems);
};

export const buildProblems = {
  current: () => problems,
  set(lines: string[]) {
    problems = lines;
    notify();
  },
  /** The code serving now: the process id, then a count of the builds loaded in place (docs/decisions/0078-dev-reload.md). */
  code: () => (swaps ? `${process.pid}.${swaps}` : String(process.pid)),
  /** A new build serves (loaded in place): no problems, another code. */
  replaced() {
    swaps++;
    problems = [];
    notify();
  },
  /** Called with every new list; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
