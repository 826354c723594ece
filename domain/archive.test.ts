import { describe, expect, it } from "vitest";
import { archiveDate, archiveHeading, archivePath, colombianDay, colombianYear } from "./archive";

describe("daily archive dates", () => {
  it("names a calendar day from 2000 with four-digit year and two-digit month and day", () => {
    expect(archiveDate("2024", "05", "20")).toBe("2024-05-20");
    expect(archiveDate("2024", "02", "29")).toBe("2024-02-29");
    for (const [y, m, d] of [
      ["2023", "02", "29"],
      ["2024", "02", "30"],
      ["2024", "13", "01"],
      ["2024", "00", "10"],
      ["2024", "5", "20"],
      ["24", "05", "20"],
      ["1999", "12", "31"],
      ["2024", "05", "2x"],
      [undefined, "05", "20"],
    ]) {
      expect(archiveDate(y, m, d), `${y}/${m}/${d}`).toBeUndefined();
    }
  });

  it("writes the day at 12:00 UTC in es-CO, whatever the time zone", () => {
    expect(archiveHeading("2024-05-20")).toBe("lunes, 20 de mayo de 2024");
    expect(archiveHeading("2026-01-01")).toBe("jueves, 1 de enero de 2026");
    expect(archivePath("2024-05-20")).toBe("/archivo/2024/05/20/");
  });
});

describe("Colombian calendar days", () => {
  it("read an instant in Colombia (UTC-5): 03:00 UTC is still the day before", () => {
    expect(colombianDay("2026-11-15T11:00:00.000Z")).toBe("2026-11-15");
    expect(colombianDay("2026-01-01T03:00:00.000Z")).toBe("2025-12-31");
    expect(colombianDay("2026-01-01T03:00:00-05:00")).toBe("2026-01-01");
    expect(colombianDay("no es una fecha")).toBeUndefined();
    expect(colombianDay(undefined)).toBeUndefined();
    expect(colombianYear(new Date("2027-01-01T04:59:59Z"))).toBe(2026);
    expect(colombianYear(new Date("2027-01-01T05:00:00Z"))).toBe(2027);
  });
});
