// Issue 23, point 6: stopping a saturated server resets nothing the kernel already accepted
// (docs/decisions/0012-threat-model.md, README "Production notes"). Thirty readers, each with a new
// connection per request and the page cache off, keep the event loop busy and keep sending through
// the whole linger (a load balancer that has not noticed yet); they start no new request once the
// server has left the linger. Every request sent until then, many still in the kernel's listen queue
// when the linger ends, is answered: none is reset.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

quietServerRenderWarnings();

function get(port: number, agent: http.Agent): Promise<{ status: number; connection?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: "/", headers: { host: "localhost" }, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

let site: SiteServer | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

describe("shutting down a saturated server", () => {
  it("serves every request sent during the linger and resets none (30 readers, page cache off)", async () => {
    site = await startSiteServer({ pageCache: { freshSeconds: 0, staleSeconds: 0 } });
    const port = site.port;
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const outcomes = { ok: 0, duringLinger: 0, resets: [] as string[], other: [] as string[] };
    let shutdownBegan = false;
    let loaded!: () => void;
    const underLoad = new Promise<void>((resolve) => (loaded = resolve));
    const reader = async () => {
      while (site!.shutdownPhase() !== "closing") {
        const sentWhileDraining = shutdownBegan;
        try {
          const answer = await get(port, agent);
          if (answer.status !== 200) outcomes.other.push(`status ${answer.status}`);
          else {
            outcomes.ok++;
            if (sentWhileDraining) outcomes.duringLinger++;
          }
          if (outcomes.ok >= 30) loaded();
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code ?? "";
          if (code === "ECONNRESET" || /socket hang up/.test((error as Error).message)) outcomes.resets.push(code || "socket hang up");
          else outcomes.other.push(`${code} ${(error as Error).message}`);
        }
      }
    };
    const readers = Array.from({ length: 30 }, reader);
    await underLoad;
    shutdownBegan = true;
    const exitCode = await site.shutdown("SIGTERM", { lingerMs: 1000, limitMs: 120_000 });
    await Promise.all(readers);
    agent.destroy();
    expect(exitCode).toBe(0);
    expect(outcomes.resets, "connections reset when listening stopped").toEqual([]);
    expect(outcomes.duringLinger, "requests sent during the linger were answered").toBeGreaterThan(0);
    expect(outcomes.other).toEqual([]);
  }, 300_000);
});
