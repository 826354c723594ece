// npm run bench:accounts — do password-reset and magic-link requests take as long for an address
// with an account as for one without? (docs/decisions/0012-threat-model.md: timing must not reveal
// accounts.) The accounts API runs in a process of its own on a fresh in-memory PGlite, as a remote
// attacker would meet it; this process is the client. After creating a few accounts it sends reset
// and magic-link requests for existing and unknown addresses in a shuffled order, one at a time with
// a short pause (so each meets an idle server), each timed from sending to the whole answer. Prints
// the median and p90 per kind and address, and the difference of the medians.
// The tests never measure time (tests/security/accounts-timing.test.ts checks the structure).
import { spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import readline from "node:readline";
import express from "express";
import { createAccountsRouter } from "../../accounts";
import { openDatabase } from "../../platform/database";
import { readSettings } from "../../platform/settings";

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const WARMUP = 40;
const ACCOUNTS = 40;
/** Between two requests: the server finishes what the previous one left (the e-mail work after the answer). */
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 10);
const PASSWORD = "Clave2024segura";

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => value.toFixed(2).padStart(7);

/** The server process: the accounts API with ACCOUNTS accounts; prints its origin when ready. */
async function serve() {
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const unlimited = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
  const db = await openDatabase();
  const accounts = await createAccountsRouter({
    db,
    settings: readSettings({}),
    logger: quiet,
    mailer: null,
    devMailbox: false,
    registerForEntitlement: false,
    // The bench measures the work of a request, not the limits that would refuse it.
    rateLimits: { mailPerAddress: unlimited, mailPerIp: unlimited },
  });
  const app = express();
  app.use(accounts);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `banco${i}@example.com`;
    await fetch(`${origin}/identity/public/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: { userName: email, credentials: PASSWORD }, profile: { email } }),
    });
  }
  console.log(JSON.stringify({ origin }));
}

/** A seeded shuffle, so two runs send the same order. */
function shuffled<T>(items: T[], seed = 12345): T[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function measure() {
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--serve"], { stdio: ["ignore", "pipe", "inherit"] });
  const { origin } = await new Promise<{ origin: string }>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", (line) => resolve(JSON.parse(line)));
    child.once("exit", (code) => reject(new Error(`el servidor terminó (${code})`)));
  });
  try {
    const kinds = [
      { name: "restablecer contraseña", path: "/identity/public/v1/password/reset", field: "userName" },
      { name: "enlace mágico", path: "/identity/public/v1/auth/magiclink", field: "email" },
    ];
    type Case = { kind: number; known: boolean; email: string };
    const cases: Case[] = [];
    for (let i = 0; i < RUNS; i++)
      for (let kind = 0; kind < kinds.length; kind++) {
        cases.push({ kind, known: true, email: `banco${i % ACCOUNTS}@example.com` });
        // As many unknown addresses as accounts, each asked for as often: a first request for an
        // address inserts its rate-limit row, later ones update it, whoever the address belongs to.
        cases.push({ kind, known: false, email: `nadie${i % ACCOUNTS}@example.com` });
      }
    const order = shuffled(cases);
    const timings = new Map<string, number[]>();
    for (const [index, c] of [...order.slice(0, WARMUP), ...order].entries()) {
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const started = performance.now();
      const response = await fetch(`${origin}${kinds[c.kind].path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ [kinds[c.kind].field]: c.email }),
      });
      await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`respuesta ${response.status}`);
      if (index < WARMUP) continue;
      const key = `${c.kind}:${c.known}`;
      timings.set(key, [...(timings.get(key) ?? []), elapsed]);
    }

    console.log(`\nTiempo de respuesta por solicitud (ms), ${RUNS} de cada una, orden mezclado, servidor en otro proceso, PGlite en memoria:\n`);
    console.log("solicitud                 dirección     mediana      p90");
    for (const [kind, { name }] of kinds.entries()) {
      const existing = timings.get(`${kind}:true`)!.sort((a, b) => a - b);
      const unknown = timings.get(`${kind}:false`)!.sort((a, b) => a - b);
      console.log(`${name.padEnd(25)} con cuenta  ${ms(median(existing))}  ${ms(percentile(existing, 90))}`);
      console.log(`${"".padEnd(25)} sin cuenta  ${ms(median(unknown))}  ${ms(percentile(unknown, 90))}`);
      console.log(`${"".padEnd(25)} diferencia  ${ms(median(existing) - median(unknown))}\n`);
    }
  } finally {
    child.kill();
  }
}

(process.argv.includes("--serve") ? serve() : measure()).catch((error) => {
  console.error(error);
  process.exit(1);
});
