// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { IDENTITY_STORAGE_KEY, PROFILE_STORAGE_KEY } from "../_shared/accounts/identity";
import AccountDebug, { CLEAR_BUTTON_LABEL, CLEARED_MESSAGE, displayValue, jwtExpiry, NOTHING_STORED, TOKEN_PREVIEW_LENGTH } from "./index";

// No server half: the block gets data === null.
const page = () => <AccountDebug id="d" pageId="debug" settings={{ published: true, title: "Depuración de la sesión" }} data={null} />;
// A JWT whose payload is {"exp": 1893456000} (2030-01-01).
const ACCESS_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ exp: 1893456000 })).replace(/=+$/, "")}.firma`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the debug page", () => {
  it("renders the same placeholder on the server whatever the storage holds", () => {
    expect(renderToString(page())).toContain("Cargando...");
  });

  it("shows the stored identity (tokens shortened, expiry read) and profile from either storage, and clears both", () => {
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ uuid: "9b2f", accessToken: ACCESS_TOKEN, refreshToken: "r".repeat(40) }));
    sessionStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ email: "ana@example.com", firstName: "Ana" }));
    render(page());
    const identity = document.querySelector(`[data-record="${IDENTITY_STORAGE_KEY}"]`)!;
    expect(identity.textContent).toContain("Identidad (localStorage)");
    expect(identity.textContent).toContain('"uuid": "9b2f"');
    expect(identity.textContent).toContain(`"${"r".repeat(TOKEN_PREVIEW_LENGTH)}…"`);
    expect(identity.textContent).not.toContain("r".repeat(TOKEN_PREVIEW_LENGTH + 1));
    expect(identity.textContent).toContain("Vencimiento del token de acceso: 31 de diciembre de 2029");
    expect(document.querySelector(`[data-record="${PROFILE_STORAGE_KEY}"]`)!.textContent).toContain('"email": "ana@example.com"');
    fireEvent.click(screen.getByRole("button", { name: CLEAR_BUTTON_LABEL }));
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(screen.getByText(CLEARED_MESSAGE)).toBeTruthy();
    expect(screen.getByText(NOTHING_STORED)).toBeTruthy();
  });

  it("reads a JWT's expiry and survives malformed values", () => {
    expect(jwtExpiry(ACCESS_TOKEN)?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(jwtExpiry("no.es-un-jwt")).toBeNull();
    expect(displayValue({ storage: "localStorage", key: PROFILE_STORAGE_KEY, value: null })).toBe("null");
  });
});
