// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { COUNTDOWN_PREFIX, COUNTDOWN_STARTED, COUNTDOWN_TARGET, COUNTDOWN_TICK_MS, countdownData, formatRemaining, remainingTime } from "./countdown";
import CountdownBanner from "./index";
import server from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "elpais", path: "/cali-cop16/", params: {}, query: {} };
const settings = { published: true, title: "COP16 Cali" };
const target = Date.parse(COUNTDOWN_TARGET);

afterEach(() => vi.useRealTimers());

describe("countdown-banner", () => {
  it("counts down to 21 October 2024, 00:00 in Cali, every second (docs/brands.md#countdown-banner)", () => {
    expect(new Date(target).toISOString()).toBe("2024-10-21T05:00:00.000Z");
    expect(schema.properties.target.default).toBe(COUNTDOWN_TARGET);
    expect(COUNTDOWN_TICK_MS).toBe(1000);
  });

  it("splits the time left into days, hours, minutes and seconds", () => {
    const now = target - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 - 400;
    expect(remainingTime(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(formatRemaining({ days: 2, hours: 3, minutes: 4, seconds: 5 })).toBe("2 d 3 h 4 m 5 s");
    expect(remainingTime(target, target)).toBeNull();
    expect(remainingTime(target, target + 1)).toBeNull();
  });

  it("shows 'Faltan:' and the time left, ticking every second", () => {
    vi.useFakeTimers();
    const now = target - 65_000;
    vi.setSystemTime(now);
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ target, renderedAt: now });
    render(<CountdownBanner id="cuenta" pageId="p" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "COP16 Cali" })).toBeTruthy();
    expect(screen.getByText(COUNTDOWN_PREFIX)).toBeTruthy();
    expect(screen.getByText("0 d 0 h 1 m 5 s")).toBeTruthy();
    act(() => vi.advanceTimersByTime(COUNTDOWN_TICK_MS));
    expect(screen.getByText("0 d 0 h 1 m 4 s")).toBeTruthy();
  });

  it("at zero says the event has begun, without 'Faltan:'", () => {
    vi.useFakeTimers();
    vi.setSystemTime(target - 1500);
    render(<CountdownBanner id="cuenta" pageId="p" settings={settings} data={server.transform!({}, settings, context)} />);
    expect(screen.getByText(COUNTDOWN_PREFIX)).toBeTruthy();
    act(() => vi.advanceTimersByTime(2 * COUNTDOWN_TICK_MS));
    expect(screen.getByText(COUNTDOWN_STARTED)).toBeTruthy();
    expect(screen.queryByText(COUNTDOWN_PREFIX)).toBeNull();
  });

  it("after the date, says the event has begun from the first render", () => {
    const data = countdownData(settings, target + 86_400_000)!;
    render(<CountdownBanner id="cuenta" pageId="p" settings={settings} data={data} />);
    expect(screen.getByText("¡El evento ha comenzado!")).toBeTruthy();
  });

  it("takes another date from its settings, and is empty for an impossible one", () => {
    expect(countdownData({ ...settings, target: "2030-01-01T00:00:00Z" }, 0)?.target).toBe(Date.parse("2030-01-01T00:00:00Z"));
    expect(server.fetch).toBeUndefined();
    expect(server.isEmpty!(server.transform!({}, settings, context), settings)).toBe(false);
    const data = server.transform!({}, { ...settings, target: "2024-13-45T99:00Z" }, context);
    expect(data).toBeNull();
    expect(server.isEmpty!(data, settings)).toBe(true);
  });
});
