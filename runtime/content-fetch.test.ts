// The fetch hooks the server's telemetry uses (server/telemetry): each fetch through the cache is
// wrapped with its outcome, and the source itself is reported only when it is asked, with how it ended.
import { ContentCache } from "./cache";
import { fetchContent, type FetchObserver, type FetchOutcome } from "./content-fetch";
import { fakeSource, testRegistry } from "../tests/support/runtime-fixtures";

const query = (section: string) => ({ source: "stories", query: { website: "semana", section, feedSize: 2, feedOffset: 0 } });

function recordingObserver() {
  const fetches: Array<{ source: string; cache: FetchOutcome["cache"] }> = [];
  const asked: Array<{ source: string; result: string }> = [];
  const observer: FetchObserver = {
    async fetch(spec, run) {
      const outcome = await run();
      fetches.push({ source: spec.source, cache: outcome.cache });
      return outcome;
    },
    sourceAsked: (source, ms, result) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      asked.push({ source, result });
    },
  };
  return { observer, fetches, asked };
}

describe("the fetch observer", () => {
  it("sees every fetch with its cache outcome, and the source only when the cache asked it", async () => {
    const { observer, fetches, asked } = recordingObserver();
    const options = { registry: testRegistry([fakeSource()]), cache: new ContentCache(), observer };
    expect((await fetchContent(query("/nacion"), options)).ok).toBe(true);
    expect((await fetchContent(query("/nacion"), options)).ok).toBe(true);
    expect(fetches).toEqual([
      { source: "stories", cache: "miss" },
      { source: "stories", cache: "hit" },
    ]);
    expect(asked).toEqual([{ source: "stories", result: "ok" }]);
  });

  it("reports a failing source and a slow one, told apart", async () => {
    const { observer, fetches, asked } = recordingObserver();
    const registry = testRegistry([fakeSource({ name: "caida", fail: true }), fakeSource({ name: "lenta", delayMs: 200, timeoutMs: 20 })]);
    const options = { registry, cache: new ContentCache(), observer };
    await fetchContent({ ...query("/nacion"), source: "caida" }, options);
    await fetchContent({ ...query("/nacion"), source: "lenta" }, options);
    expect(fetches.map((fetch) => fetch.cache)).toEqual(["error", "error"]);
    expect(asked).toEqual([
      { source: "caida", result: "error" },
      { source: "lenta", result: "timeout" },
    ]);
  });
});
