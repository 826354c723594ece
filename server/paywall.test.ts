import { ACCESS_TOKEN_COOKIE, type Entitlement } from "../accounts/entitlement";
import { articleAccess, carriesIdentity, type EntitlementCheck } from "./paywall";

const story = (code: string, ...sections: string[]) => ({
  _id: "A1",
  type: "story",
  content_restrictions: { content_code: code },
  taxonomy: { primary_section: { _id: sections[0] }, sections: sections.map((_id) => ({ _id })) },
});
const cookie = `otra=1; ${ACCESS_TOKEN_COOKIE}=token-del-lector`;
const answering =
  (entitlement: Entitlement): EntitlementCheck =>
  async () =>
    entitlement;

describe("paywall access on the page path", () => {
  it("leaves free articles open to everybody, with or without an identity, without asking the accounts service", async () => {
    const never = vi.fn<EntitlementCheck>();
    for (const article of [story("0", "/nacion"), story("3", "/especiales"), story("3", "/semana-tv/programas"), story("1", "/finanzas")]) {
      expect(await articleAccess(article, undefined, never)).toEqual({ access: { locked: false, signedIn: false }, personalized: false });
      expect(await articleAccess(article, cookie, never)).toEqual({ access: { locked: false, signedIn: true }, personalized: false });
    }
    expect(never).not.toHaveBeenCalled();
    // (The page of a request with an identity is private all the same: server/app/page.server.ts.)
  });

  it("locks code '1' outside /finanzas, as code '3'", async () => {
    const check = vi.fn(answering({ entitled: true, reason: "subscriber", uuid: "u1" }));
    expect(await articleAccess(story("1", "/nacion"), undefined, check)).toEqual({ access: { locked: true, signedIn: false }, personalized: false });
    expect(await articleAccess(story("1", "/nacion"), cookie, check)).toEqual({ access: { locked: false, signedIn: true }, personalized: true });
    expect(check).toHaveBeenCalledWith({ cookie: `${ACCESS_TOKEN_COOKIE}=token-del-lector` }, "1", ["/nacion"]);
  });

  it("locks code '3' for anonymous readers with the same public answer for all of them", async () => {
    const check = vi.fn<EntitlementCheck>();
    expect(await articleAccess(story("3", "/politica"), undefined, check)).toEqual({ access: { locked: true, signedIn: false }, personalized: false });
    expect(await articleAccess(story("3", "/politica"), "otra=1", check)).toEqual({ access: { locked: true, signedIn: false }, personalized: false });
    expect(check).not.toHaveBeenCalled();
  });

  it("asks the accounts service about an identified reader, and the answer is private", async () => {
    const subscriber = vi.fn(answering({ entitled: true, reason: "subscriber", uuid: "u1" }));
    expect(await articleAccess(story("3", "/politica"), cookie, subscriber)).toEqual({ access: { locked: false, signedIn: true }, personalized: true });
    expect(subscriber).toHaveBeenCalledWith({ cookie: `${ACCESS_TOKEN_COOKIE}=token-del-lector` }, "3", ["/politica"]);
    expect(await articleAccess(story("3", "/politica"), cookie, answering({ entitled: false, reason: "no-subscription", uuid: "u2" }))).toEqual({
      access: { locked: true, signedIn: true },
      personalized: true,
    });
    // A token of a closed session reads as signed out, still never shared.
    expect(await articleAccess(story("3", "/politica"), cookie, answering({ entitled: false, reason: "invalid-token" }))).toEqual({
      access: { locked: true, signedIn: false },
      personalized: true,
    });
  });

  it("keeps the body on the server when entitlements cannot be read", async () => {
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const failing: EntitlementCheck = async () => {
      throw new Error("base de datos caída");
    };
    expect(await articleAccess(story("3", "/politica"), cookie, failing, logger)).toEqual({ access: { locked: true, signedIn: true }, personalized: true });
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining("muro de pago"), { error: "base de datos caída" });
  });

  it("tells which requests carry an identity", () => {
    expect(carriesIdentity(cookie)).toBe(true);
    expect(carriesIdentity(`${ACCESS_TOKEN_COOKIE}=`)).toBe(false);
    expect(carriesIdentity("otra=1")).toBe(false);
    expect(carriesIdentity(undefined)).toBe(false);
  });
});
