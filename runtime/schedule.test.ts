// Publication windows as the runtime reads them (docs/decisions/0073-publication-schedules.md): instants
// with their offset, where an instant falls in a window, and the next boundary ahead.
import { describe, expect, it } from "vitest";
import { earliest, parseInstant, secondsUntil, windowAt } from "./schedule";

const at = (iso: string) => Date.parse(iso);
const window = { publishFrom: "2026-12-01T06:00:00-05:00", publishUntil: "2026-12-01T23:59:00-05:00" };

describe("publication windows", () => {
  it("read a date-time only with its offset, Z or ±hh:mm, and nothing else", () => {
    expect(parseInstant("2026-12-01T06:00:00-05:00")).toBe(at("2026-12-01T11:00:00Z"));
    expect(parseInstant("2026-12-01T11:00:00Z")).toBe(at("2026-12-01T11:00:00Z"));
    expect(parseInstant("2026-12-01T06:00:00.250-05:00")).toBe(at("2026-12-01T11:00:00.250Z"));
    // Without its offset it would mean the server's own zone.
    expect(parseInstant("2026-12-01T06:00:00")).toBeUndefined();
    expect(parseInstant("2026-12-01")).toBeUndefined();
    expect(parseInstant("2026-12-01T06:00:00-05")).toBeUndefined();
    expect(parseInstant("mañana a las 6")).toBeUndefined();
    expect(parseInstant(1796122800000)).toBeUndefined();
    expect(parseInstant(undefined)).toBeUndefined();
  });

  it("are pending before their start, live from it until their end (excluded), then expired, each with the next boundary", () => {
    expect(windowAt(window, at("2026-12-01T05:59:59-05:00"))).toEqual({ state: "pending", next: at(window.publishFrom) });
    expect(windowAt(window, at(window.publishFrom))).toEqual({ state: "live", next: at(window.publishUntil) });
    expect(windowAt(window, at("2026-12-01T23:58:59.999-05:00"))).toEqual({ state: "live", next: at(window.publishUntil) });
    expect(windowAt(window, at(window.publishUntil))).toEqual({ state: "expired" });
  });

  it("are open at an end they do not name, and always live without either", () => {
    const now = at("2030-01-01T00:00:00Z");
    expect(windowAt({ publishFrom: window.publishFrom }, now)).toEqual({ state: "live" });
    expect(windowAt({ publishUntil: window.publishUntil }, at("2020-01-01T00:00:00Z"))).toEqual({ state: "live", next: at(window.publishUntil) });
    expect(windowAt({}, now)).toEqual({ state: "live" });
    expect(windowAt(undefined, now)).toEqual({ state: "live" });
  });

  it("give the earlier of two boundaries, and the whole seconds until one, never past it", () => {
    expect(earliest(undefined, 5)).toBe(5);
    expect(earliest(7, undefined)).toBe(7);
    expect(earliest(7, 5)).toBe(5);
    expect(earliest(undefined, undefined)).toBeUndefined();
    expect(secondsUntil(at(window.publishFrom), at(window.publishFrom) - 5_999)).toBe(5);
    expect(secondsUntil(at(window.publishFrom), at(window.publishFrom) - 400)).toBe(0);
    expect(secondsUntil(at(window.publishFrom), at(window.publishFrom) + 1000)).toBe(0);
    expect(secondsUntil(undefined, 0)).toBeUndefined();
  });
});
