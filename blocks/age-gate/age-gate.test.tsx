// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import enhanceAgeGate from "./enhance";
import { AGE_GATE_BUTTON, AGE_GATE_TEXT, AGE_SESSION_KEY, hideIfConfirmedScript } from "./gate";
import AgeGate from "./index";

const Gate = () => <AgeGate id="edad" pageId="soho-home" settings={{ published: true }} data={null} />;

/** The block as a reader's browser gets it: the server's HTML in its frame, its inline script run as the page is parsed. */
function mountGate(): HTMLElement {
  const frame = document.createElement("div");
  frame.dataset.block = "age-gate";
  frame.innerHTML = renderToString(<Gate />);
  document.body.appendChild(frame);
  new Function(frame.querySelector("script")!.textContent!)();
  return frame;
}

beforeEach(() => {
  sessionStorage.clear();
  document.body.style.overflow = "";
  document.body.innerHTML = "";
});

describe("age-gate", () => {
  it("says exactly what docs/brands.md#age-gate says", () => {
    expect(AGE_GATE_TEXT).toBe("solo los mayores de edad");
    expect(AGE_GATE_BUTTON).toBe("TENGO MÁS DE 18 AÑOS");
    expect(AGE_SESSION_KEY).toBe("sohoAge");
  });

  it("is in the server's HTML, so that it covers the page before any script runs", () => {
    const html = renderToString(<Gate />);
    expect(html).toContain(AGE_GATE_TEXT);
    expect(html).toContain(AGE_GATE_BUTTON);
    expect(html).toContain('role="dialog"');
  });

  it("covers the page as a modal dialog, focuses its button and stops the page from scrolling", () => {
    enhanceAgeGate(mountGate());
    const dialog = screen.getByRole("dialog", { name: AGE_GATE_TEXT });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const button = screen.getByRole("button", { name: AGE_GATE_BUTTON });
    expect(document.activeElement).toBe(button);
    expect(document.body.style.overflow).toBe("hidden");
    // Tab cannot leave the dialog for the page behind it.
    (document.body as HTMLElement).focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(button);
  });

  it("hides when the reader says they are over 18, and remembers it for the session", () => {
    enhanceAgeGate(mountGate());
    fireEvent.click(screen.getByRole("button", { name: AGE_GATE_BUTTON }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionStorage.getItem(AGE_SESSION_KEY)).toBe("true");
    expect(document.body.style.overflow).toBe("");
    // The keyboard is the page's again.
    const elsewhere = document.body.appendChild(document.createElement("button"));
    elsewhere.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(elsewhere);
  });

  it("does not show again in a session that already confirmed", () => {
    sessionStorage.setItem(AGE_SESSION_KEY, "true");
    enhanceAgeGate(mountGate());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
  });

  it("shows again for any other value of the flag", () => {
    sessionStorage.setItem(AGE_SESSION_KEY, "false");
    enhanceAgeGate(mountGate());
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("marks the server's gate hidden before any other script runs, for a session that already confirmed", () => {
    const frame = mountGate();
    const gate = frame.querySelector('[role="dialog"]')!;
    const script = frame.querySelector("script")!.textContent!;
    expect(script).toBe(hideIfConfirmedScript(gate.id));
    expect(gate.hasAttribute("data-confirmed")).toBe(false);
    sessionStorage.setItem(AGE_SESSION_KEY, "true");
    new Function(script)();
    expect(gate.hasAttribute("data-confirmed")).toBe(true);
  });

  it("opens for the page even when the browser refuses session storage", () => {
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("quota", "QuotaExceededError");
    });
    enhanceAgeGate(mountGate());
    fireEvent.click(screen.getByRole("button", { name: AGE_GATE_BUTTON }));
    expect(screen.queryByRole("dialog")).toBeNull();
    setItem.mockRestore();
  });

  it("shows to a browser that refuses to read session storage", () => {
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    enhanceAgeGate(mountGate());
    expect(screen.getByRole("dialog")).toBeTruthy();
    getItem.mockRestore();
  });
});
