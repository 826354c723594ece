// @vitest-environment jsdom
// The head's theme script as the browser runs it (jsdom), with the footer's switch the server renders.
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import SiteFooter from "../site-footer/index";
import footer from "../site-footer/index.server";
import { READER_DARK_THEME_CSS, THEME_ATTRIBUTE, THEME_SCRIPT, THEME_STORAGE_KEY } from "./darkTheme";

/** The system's colour-scheme preference, and its change listeners. */
function stubSystem(dark: boolean) {
  const listeners: Array<(event: { matches: boolean }) => void> = [];
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: dark && query === "(prefers-color-scheme: dark)",
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
  }));
  return (matches: boolean) => listeners.forEach((listener) => listener({ matches }));
}

/** What each run of the script listens to on the document: a page runs it once, these tests many times. */
const installed: Array<[string, EventListenerOrEventListenerObject]> = [];

/** The head's script runs (before the body), then the footer is parsed and the document is loaded. */
function load(systemDark: boolean, options: { forcedDark?: boolean } = {}) {
  const systemChanges = stubSystem(systemDark);
  const listen = document.addEventListener.bind(document);
  const spy = vi.spyOn(document, "addEventListener").mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    installed.push([type, listener]);
    listen(type, listener);
  });
  new Function(THEME_SCRIPT)();
  spy.mockRestore();
  const dark = document.documentElement.getAttribute(THEME_ATTRIBUTE) === "oscuro";
  if (options.forcedDark) {
    const style = document.createElement("style");
    style.dataset.theme = "oscuro";
    document.body.append(style);
  }
  const data = footer.transform!({}, { published: true }, { brand: "semana", path: "/", params: {}, query: {} });
  render(<SiteFooter id="pie" pageId="p" settings={{ published: true }} data={data} />);
  document.dispatchEvent(new Event("DOMContentLoaded"));
  return { darkBeforeBody: dark, systemChanges };
}
const themeSwitch = () => screen.getByRole("switch", { hidden: true });
const isDark = () => document.documentElement.getAttribute(THEME_ATTRIBUTE) === "oscuro";

describe("the reader's dark theme", () => {
  afterEach(() => {
    for (const [type, listener] of installed.splice(0)) document.removeEventListener(type, listener);
    document.documentElement.removeAttribute(THEME_ATTRIBUTE);
    document.body.innerHTML = "";
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("follows the system's preference before the body exists, until the reader chooses", () => {
    expect(load(true).darkBeforeBody).toBe(true);
    expect(themeSwitch().getAttribute("aria-checked")).toBe("true");
  });

  it("shows the footer's switch once the page is parsed, and a click switches the theme and remembers it", () => {
    const data = footer.transform!({}, { published: true }, { brand: "semana", path: "/", params: {}, query: {} });
    const { unmount } = render(<SiteFooter id="pie" pageId="p" settings={{ published: true }} data={data} />);
    expect(themeSwitch().hidden).toBe(true);
    unmount();
    expect(load(false).darkBeforeBody).toBe(false);
    const button = screen.getByRole("switch", { name: "Tema oscuro" });
    expect(button.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(button);
    expect(isDark()).toBe(true);
    expect(button.getAttribute("aria-checked")).toBe("true");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("oscuro");
    fireEvent.click(button);
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("claro");
  });

  it("keeps the reader's choice over the system's, and ignores anything else stored", () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, "claro");
    expect(load(true).darkBeforeBody).toBe(false);
    document.body.innerHTML = "";
    for (const [type, listener] of installed.splice(0)) document.removeEventListener(type, listener);
    window.localStorage.setItem(THEME_STORAGE_KEY, "oscuro");
    expect(load(false).darkBeforeBody).toBe(true);
    document.body.innerHTML = "";
    document.documentElement.removeAttribute(THEME_ATTRIBUTE);
    window.localStorage.setItem(THEME_STORAGE_KEY, "<script>");
    expect(load(false).darkBeforeBody).toBe(false);
  });

  it("follows a change of the system's preference only while the reader has not chosen", () => {
    const { systemChanges } = load(false);
    systemChanges(true);
    expect(isDark()).toBe(true);
    expect(themeSwitch().getAttribute("aria-checked")).toBe("true");
    fireEvent.click(themeSwitch());
    expect(isDark()).toBe(false);
    systemChanges(true);
    expect(isDark()).toBe(false);
  });

  it("keeps the switch hidden on pages that force the dark theme", () => {
    load(false, { forcedDark: true });
    expect(themeSwitch().hidden).toBe(true);
  });

  it('puts the brand\'s dark tokens on the page only while <html data-tema="oscuro">', () => {
    expect(READER_DARK_THEME_CSS).toContain(':root[data-tema="oscuro"]{color-scheme:dark;--color-background:var(--color-dark-background)');
    expect(READER_DARK_THEME_CSS).toContain(':root[data-tema="oscuro"] body{background:var(--color-dark-background)');
  });
});
