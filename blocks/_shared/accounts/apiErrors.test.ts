// The reader-facing message of a slowed-down sign-in (100016): short waits in seconds, waits of a
// minute or more as the time of day they end, written as Colombians read the clock ("3:16 p. m.").
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { clockTime } from "../../../domain/errors";
import { messageForError } from "./apiErrors";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // 3:10 p. m. in Bogotá (UTC−5).
  vi.setSystemTime(new Date("2026-11-23T20:10:00Z"));
});
afterEach(() => vi.useRealTimers());

it("says short waits in seconds", () => {
  expect(messageForError({ code: "100016", message: "x", retryAfter: 8 })).toBe(
    "Demasiados intentos fallidos. Intenta de nuevo en 8 segundos o restablece tu contraseña.",
  );
});

it("says long waits as the time of day they end: '3:16 p. m.', not '03:16 p. m..'", () => {
  expect(messageForError({ code: "100016", message: "x", retryAfter: 360 })).toBe(
    "Demasiados intentos fallidos. Intenta de nuevo a las 3:16 p. m. o restablece tu contraseña.",
  );
});

it("writes times of day with the hour unpadded and a. m. / p. m.", () => {
  expect(clockTime(new Date("2026-11-23T05:05:00Z"))).toBe("12:05 a. m.");
  expect(clockTime(new Date("2026-11-23T14:59:00Z"))).toBe("9:59 a. m.");
  expect(clockTime(new Date("2026-11-23T17:00:00Z"))).toBe("12:00 p. m.");
  expect(clockTime(new Date("2026-11-24T04:30:00Z"))).toBe("11:30 p. m.");
});
