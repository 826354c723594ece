// What `npm run dev`'s supervisor (server/cli/dev.ts) says of the code this server was started
// from: the problems of the last build that failed (the process keeps serving the last good
// version). The live-preview stream sends them with every message; an empty list is a good build.
type Listener = (lines: string[]) => void;

let problems: string[] = [];
const listeners = new Set<Listener>();

export const buildProblems = {
  current: () => problems,
  set(lines: string[]) {
    problems = lines;
    for (const listener of listeners) listener(lines);
  },
  /** Called with every new list; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
