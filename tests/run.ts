// npm test: the checks that need nothing but the code run side by side (page validation, types,
// lint, formatting, unit tests); then the integration tests (databases, the accounts API, the
// CLIs, the build) with the security probes, beside the end-to-end tests in Chromium. Run one after
// the other, the two left a third of the two cores idle (each waits on servers it starts, on
// browsers and on the disk) and the whole run took 20 minutes. The integration output streams; every
// other step's output is printed whole when it ends, so steps do not interleave. Stops before the
// slow steps when a fast one failed.
import { spawn } from "node:child_process";

interface Step {
  name: string;
  script: string;
}

const PARALLEL: Step[] = [
  { name: "páginas", script: "validate:pages" },
  { name: "tipos", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "formato", script: "format:check" },
  { name: "unitarias", script: "test:unit" },
];
// One Vitest run for both: its two forks share the files, so neither suite's last file runs alone.
const SERVER: Step = { name: "integración y seguridad", script: "test:server" };
const BROWSER: Step = { name: "extremo a extremo", script: "test:e2e" };

function run(step: Step, stream: boolean): Promise<{ step: Step; ok: boolean; seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", step.script], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
    });
    let output = "";
    const collect = (chunk: Buffer) => {
      if (stream) process.stdout.write(chunk);
      else output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("close", (code) => resolve({ step, ok: code === 0, seconds: (performance.now() - started) / 1000, output }));
  });
}

const summary: string[] = [];
const line = (ok: boolean, step: Step, seconds: number) => `${ok ? "✓" : "✗"} ${step.name} (npm run ${step.script}) ${seconds.toFixed(0)} s`;

const results = await Promise.all(
  PARALLEL.map((step) =>
    run(step, false).then((result) => {
      console.log(`\n== ${line(result.ok, step, result.seconds)}\n${result.output.trimEnd()}`);
      return result;
    }),
  ),
);
for (const result of results) summary.push(line(result.ok, result.step, result.seconds));
let failed = results.some((result) => !result.ok);

if (failed) {
  for (const step of [SERVER, BROWSER]) summary.push(`- ${step.name} (npm run ${step.script}): no se ejecutó`);
} else {
  console.log(`\n== ${SERVER.name} (npm run ${SERVER.script}), y ${BROWSER.name} (npm run ${BROWSER.script}) al lado`);
  const slow = await Promise.all([
    run(SERVER, true),
    run(BROWSER, false).then((result) => {
      console.log(`\n== ${line(result.ok, BROWSER, result.seconds)}\n${result.output.trimEnd()}`);
      return result;
    }),
  ]);
  for (const result of slow) summary.push(line(result.ok, result.step, result.seconds));
  failed = slow.some((result) => !result.ok);
}

console.log(`\n${summary.join("\n")}`);
process.exit(failed ? 1 : 0);
