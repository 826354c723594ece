// The editor's date-times: Colombia's clock shown, -05:00 written (docs/decisions/0073-publication-schedules.md).
import { describe, expect, it } from "vitest";
import { fromColombianClock, toColombianClock } from "./colombian-time";

describe("fromColombianClock", () => {
  it("writes what the editor typed as Colombia's time, with -05:00, seconds added when the input had none", () => {
    expect(fromColombianClock("2026-12-01T06:00")).toBe("2026-12-01T06:00:00-05:00");
    expect(fromColombianClock("2026-12-01T23:59:30")).toBe("2026-12-01T23:59:30-05:00");
  });

  it("gives nothing for an emptied or unreadable input, so the setting leaves the file", () => {
    expect(fromColombianClock("")).toBeUndefined();
    expect(fromColombianClock(undefined)).toBeUndefined();
    expect(fromColombianClock("mañana")).toBeUndefined();
  });
});

describe("toColombianClock", () => {
  it("shows an instant of any offset on Colombia's clock", () => {
    expect(toColombianClock("2026-12-01T06:00:00-05:00")).toBe("2026-12-01T06:00:00");
    expect(toColombianClock("2026-12-01T11:00:00Z")).toBe("2026-12-01T06:00:00");
    // Past midnight in UTC is still the day before in Colombia.
    expect(toColombianClock("2026-12-02T03:30:00Z")).toBe("2026-12-01T22:30:00");
    expect(toColombianClock("2026-12-01T12:00:00+01:00")).toBe("2026-12-01T06:00:00");
  });

  it("shows nothing for a value without an offset or not a date-time (the validator refuses them)", () => {
    expect(toColombianClock("2026-12-01T06:00:00")).toBe("");
    expect(toColombianClock(undefined)).toBe("");
    expect(toColombianClock(42)).toBe("");
  });

  it("gives back what it read: a written value shows as typed", () => {
    expect(toColombianClock(fromColombianClock("2027-01-01T00:00"))).toBe("2027-01-01T00:00:00");
  });
});
