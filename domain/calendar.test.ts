import { describe, expect, it } from "vitest";
import { bogotaDay, colombianHolidays, easterSunday, isBusinessDay, nextBusinessDay, startOfBogotaDay } from "./calendar";
import { addressChangeEffectiveFrom } from "./customerService";

describe("the Colombian calendar", () => {
  it("computes Easter", () => {
    expect([2024, 2025, 2026, 2027].map((year) => easterSunday(year).toISOString().slice(0, 10))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
    ]);
  });

  it("lists the public holidays the official calendars give (Ley Emiliani moves most to Monday)", () => {
    // 2025: San Pedro (29 June, a Sunday) and Sagrado Corazón fall on the same Monday, 30 June.
    expect(colombianHolidays(2025)).toEqual([
      "2025-01-01",
      "2025-01-06",
      "2025-03-24",
      "2025-04-17",
      "2025-04-18",
      "2025-05-01",
      "2025-06-02",
      "2025-06-23",
      "2025-06-30",
      "2025-07-20",
      "2025-08-07",
      "2025-08-18",
      "2025-10-13",
      "2025-11-03",
      "2025-11-17",
      "2025-12-08",
      "2025-12-25",
    ]);
    expect(colombianHolidays(2026)).toEqual([
      "2026-01-01",
      "2026-01-12",
      "2026-03-23",
      "2026-04-02",
      "2026-04-03",
      "2026-05-01",
      "2026-05-18",
      "2026-06-08",
      "2026-06-15",
      "2026-06-29",
      "2026-07-20",
      "2026-08-07",
      "2026-08-17",
      "2026-10-12",
      "2026-11-02",
      "2026-11-16",
      "2026-12-08",
      "2026-12-25",
    ]);
  });

  it("counts Monday to Friday without holidays as business days", () => {
    expect(["2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"].map(isBusinessDay)).toEqual([true, false, false, true, false]);
    expect(nextBusinessDay("2026-12-04")).toBe("2026-12-07");
    // Tuesday 8 December is a holiday: Monday's next business day is Wednesday.
    expect(nextBusinessDay("2026-12-07")).toBe("2026-12-09");
    // Holy week: Wednesday to the Monday after Easter.
    expect(nextBusinessDay("2027-03-24")).toBe("2027-03-29");
  });

  it("reads Bogotá's day (UTC−5)", () => {
    expect(bogotaDay(new Date("2026-12-05T04:59:00Z"))).toBe("2026-12-04");
    expect(bogotaDay(new Date("2026-12-05T05:00:00Z"))).toBe("2026-12-05");
    expect(startOfBogotaDay("2026-12-07").toISOString()).toBe("2026-12-07T05:00:00.000Z");
  });
});

describe("the 3:00 p. m. cutoff of a delivery-address change (docs/decisions/0063-address-change-cutoff.md)", () => {
  const at = (bogota: string) => addressChangeEffectiveFrom(new Date(`${bogota}-05:00`))?.toISOString() ?? "at once";
  it("is at once before 3:00 p. m. of a business day, else from the start of the next business day in Bogotá", () => {
    expect(at("2026-12-04T14:59:59")).toBe("at once");
    expect(at("2026-12-04T15:00:00")).toBe("2026-12-07T05:00:00.000Z");
    expect(at("2026-12-04T23:59:00")).toBe("2026-12-07T05:00:00.000Z");
    // A Saturday morning and a holiday morning wait too: no business day's cutoff is open.
    expect(at("2026-12-05T10:00:00")).toBe("2026-12-07T05:00:00.000Z");
    expect(at("2026-12-08T09:00:00")).toBe("2026-12-09T05:00:00.000Z");
    // Monday after 3:00 p. m., Tuesday a holiday: Wednesday.
    expect(at("2026-12-07T15:01:00")).toBe("2026-12-09T05:00:00.000Z");
  });
});
