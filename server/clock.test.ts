import { describe, expect, it } from "vitest";
import { ConfigError } from "./cache/config";
import { seedMomentFromEnv, siteClockFromEnv } from "./clock";

describe("siteClockFromEnv", () => {
  it("is the system's clock when SITE_NOW is unset or blank", () => {
    expect(siteClockFromEnv({})).toBeUndefined();
    expect(siteClockFromEnv({ SITE_NOW: "  " })).toBeUndefined();
  });

  it("reads SITE_NOW at start and moves on with the system's clock", () => {
    let system = Date.parse("2026-12-25T10:00:00Z");
    const clock = siteClockFromEnv({ SITE_NOW: "2026-11-21T17:00:00Z" }, () => system)!;
    expect(clock().toISOString()).toBe("2026-11-21T17:00:00.000Z");
    system += 90_000;
    expect(clock().toISOString()).toBe("2026-11-21T17:01:30.000Z");
    expect(siteClockFromEnv({ SITE_NOW: "2026-11-21T12:00-05:00" }, () => system)!().toISOString()).toBe("2026-11-21T17:00:00.000Z");
  });

  it("refuses what is not an instant with its zone, naming the setting", () => {
    for (const bad of ["ayer", "2026-11-21", "2026-11-21T17:00:00", "2026-13-40T99:00:00Z", "1732208400000"]) {
      expect(() => siteClockFromEnv({ SITE_NOW: bad }), bad).toThrow(ConfigError);
      expect(() => siteClockFromEnv({ SITE_NOW: bad }), bad).toThrow(/SITE_NOW «/);
    }
  });
});

describe("seedMomentFromEnv", () => {
  it("is the system's clock at seeding, SITE_NOW's instant exactly, or SEED_NOW over both", () => {
    let system = Date.parse("2026-12-25T10:00:00Z");
    const seeded = seedMomentFromEnv({}, () => system);
    system += 90_000;
    expect(seeded().toISOString()).toBe("2026-12-25T10:01:30.000Z");
    expect(seedMomentFromEnv({ SITE_NOW: "2026-11-28T17:00:00Z" }, () => system)().toISOString()).toBe("2026-11-28T17:00:00.000Z");
    expect(seedMomentFromEnv({ SITE_NOW: "2026-11-28T17:00:00Z", SEED_NOW: "2026-11-21T17:00:00Z" }, () => system)().toISOString()).toBe(
      "2026-11-21T17:00:00.000Z",
    );
    expect(() => seedMomentFromEnv({ SEED_NOW: "ayer" })).toThrow(/SEED_NOW «/);
  });
});
