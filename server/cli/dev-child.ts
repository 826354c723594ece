// The server as a child of `npm run dev`'s supervisor (server/cli/dev.ts,
// docs/decisions/0078-dev-reload.md). A new child loads its code while the current one still serves,
// says so and waits: the supervisor then stops the current one (the PGlite database is one process's)
// and tells the new one to go on. It says when it listens, shows the build problems it is sent, loads
// a new Remix build in place when told (a change only to what that build holds: components, styles,
// server/app), and stops quickly when told or when the supervisor is gone.
import { buildProblems } from "../editor/build-problems";

/** The argument that makes server/cli/start.ts such a child. */
export const DEV_CHILD_FLAG = "--dev-child";

export type ToChild = { type: "go" } | { type: "stop" } | { type: "build-problems"; lines: string[] } | { type: "swap-build" };
export type FromChild = { type: "loaded" } | { type: "ready" } | { type: "swapped" } | { type: "swap-failed"; lines: string[] };

/** A restart has no load balancer to wait for: the live-preview streams are cut after this. */
export const RESTART_DRAIN = { lingerMs: 0, limitMs: 300 };

export function isDevChild(): boolean {
  return process.argv.includes(DEV_CHILD_FLAG) && typeof process.send === "function";
}

const tell = (message: FromChild) => process.send?.(message);

/** Says the code is loaded and resolves when the supervisor says to go on (exits if told to stop). */
export function loadedAwaitTurn(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: ToChild) => {
      if (message.type === "stop") process.exit(0);
      if (message.type !== "go") return;
      process.off("message", onMessage);
      resolve();
    };
    process.on("message", onMessage);
    process.on("disconnect", () => process.exit(0));
    tell({ type: "loaded" });
  });
}

/**
 * Says the server listens; from then on shows the build problems it is sent, stops when told, and
 * on "swap-build" loads the build again (`load`) and serves it from then on (`use`). A build that
 * does not load (a module that throws when evaluated) leaves the last one serving, its error shown.
 */
export function serving<Build>(shutdown: () => Promise<number>, swap: { load: () => Promise<Build>; use: (build: Build) => void }) {
  const stop = async () => process.exit(await shutdown());
  process.removeAllListeners("disconnect");
  process.on("disconnect", stop);
  // One swap at a time, in the order asked.
  let swapping = Promise.resolve();
  process.on("message", (message: ToChild) => {
    if (message.type === "build-problems") buildProblems.set(message.lines);
    if (message.type === "stop") void stop();
    if (message.type === "swap-build")
      swapping = swapping.then(() =>
        swap.load().then(
          (build) => {
            swap.use(build);
            buildProblems.replaced();
            tell({ type: "swapped" });
          },
          (error: Error) => {
            const lines = ["la compilación nueva no se pudo cargar:", String(error?.stack ?? error)];
            buildProblems.set(lines);
            tell({ type: "swap-failed", lines });
          },
        ),
      );
  });
  tell({ type: "ready" });
}
