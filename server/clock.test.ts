import { describe, expect, it } from "vitest";
import { seedMoment, siteClock } from "./clock";
import { ConfigError, readSettings } from "../platform/settings";

const clockOf = (env: Record<string, string>, systemNow?: () => number) => siteClock(readSettings(env), systemNow);
const seedOf = (env: Record<string, string>, systemNow?: () => number) => seedMoment(readSettings(env), systemNow);

describe("the site's clock", () => {
  it("is the system's clock when SITE_NOW is unset or blank", () => {
    expect(clockOf({})).toBeUndefined();
    expect(clockOf({ SITE_NOW: "  " })).toBeUndefined();
  });

  it("reads SITE_NOW at start and moves on with the system's clock", () => {
    let system = Date.parse("2026-12-25T10:00:00Z");
    const clock = clockOf({ SITE_NOW: "2026-11-21T17:00:00Z" }, () => system)!;
    expect(clock().toISOString()).toBe("2026-11-21T17:00:00.000Z");
    system += 90_000;
    expect(clock().toISOString()).toBe("2026-11-21T17:01:30.000Z");
    expect(clockOf({ SITE_NOW: "2026-11-21T12:00-05:00" }, () => system)!().toISOString()).toBe("2026-11-21T17:00:00.000Z");
  });

  it("refuses what is not an instant with its zone, naming the setting", () => {
    for (const bad of ["ayer", "2026-11-21", "2026-11-21T17:00:00", "2026-13-40T99:00:00Z", "1732208400000"]) {
      expect(() => clockOf({ SITE_NOW: bad }), bad).toThrow(ConfigError);
      expect(() => clockOf({ SITE_NOW: bad }), bad).toThrow(/SITE_NOW «/);
    }
  });
});

describe("the seeding moment", () => {
  it("is the system's clock at seeding, SITE_NOW's instant exactly, or SEED_NOW over both", () => {
    let system = Date.parse("2026-12-25T10:00:00Z");
    const seeded = seedOf({}, () => system);
    system += 90_000;
    expect(seeded().toISOString()).toBe("2026-12-25T10:01:30.000Z");
    expect(seedOf({ SITE_NOW: "2026-11-28T17:00:00Z" }, () => system)().toISOString()).toBe("2026-11-28T17:00:00.000Z");
    expect(seedOf({ SITE_NOW: "2026-11-28T17:00:00Z", SEED_NOW: "2026-11-21T17:00:00Z" }, () => system)().toISOString()).toBe("2026-11-21T17:00:00.000Z");
    expect(() => seedOf({ SEED_NOW: "ayer" })).toThrow(/SEED_NOW «/);
  });
});
