// @vitest-environment jsdom
// The subscriber banners against the real accounts API (docs/subscriptions-and-checkout.md#renewal-banners,
// #segment-lookup): which reader sees which banner, where each placement leads, the home modal, the
// account menu's entry, and the lookup made at most once a calendar day with RenewalData,
// currentlocaldate and IdAnalytics in local storage.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { brands } from "../../brands";
import { DIGITAL_ANNUAL_SKU } from "../../domain/catalog";
import { BILLING, freshBrowser, Identity, Sales, signUpReader, startAccounts, TEST_CARD_NUMBERS, type AccountsTestContext } from "../../tests/support/accounts";
import { formatLongDate } from "../_shared/format";
import {
  CURRENT_LOCAL_DATE_KEY,
  forgetRenewalLookup,
  ID_ANALYTICS_KEY,
  loadRenewalData,
  localDate,
  RENEWAL_DATA_KEY,
  SEGMENT_LOOKUP_PATH,
} from "../_shared/accounts/renewalData";
import { resetSessionForTests } from "../_shared/accounts/session";
import headerServer from "../site-header/index.server";
import { UserMenuSlot } from "../site-header/UserMenuSlot";
import { BANNER_BREAKPOINTS, BANNER_SLOT_ATTRIBUTE, MODAL_CLOSED_KEY, TERMS_PATH } from "../_shared/accounts/SubscriberBanner";
import SubscriberBanner from "./index";
import type { Settings } from "./settings";

const DAY = 24 * 60 * 60 * 1000;
let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => {
  freshBrowser(accounts.server.origin);
  forgetRenewalLookup();
});
afterEach(() => vi.restoreAllMocks());

const context: PageContext = { brand: "semana", path: "/nacion/una-noticia/", params: {}, query: {} };
/** A page with the brand's header (whose user menu brings the notices) and the blocks' slots. */
const banner = (placement: Settings["placement"], brand = "semana") => (
  <>
    <UserMenuSlot {...headerServer.transform!({}, { published: true }, { ...context, brand }).userMenu} />
    <div data-testid={placement}>
      <SubscriberBanner id="aviso" pageId="pagina" settings={{ published: true, placement }} data={null} />
    </div>
  </>
);
const slotOf = (placement: Settings["placement"]) => screen.getByTestId(placement!).firstElementChild as HTMLElement;

/** Counts the segment lookups the page makes (the requests still reach the real server). */
function countLookups(): { count: () => number } {
  const original = globalThis.fetch;
  let n = 0;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    if (String(input instanceof Request ? input.url : input).endsWith(SEGMENT_LOOKUP_PATH)) n++;
    return original(input as RequestInfo, init);
  });
  return { count: () => n };
}

/**
 * A reader who bought the subscription with `card`; answers its id. With `daysLeft`, the period is
 * moved back to end that many days from now, as if bought long ago: the renewal offer is made only
 * in a period's last 30 days (docs/subscriptions-and-checkout.md#renewal-offer).
 */
async function subscriber(card: string = TEST_CARD_NUMBERS.success, { daysLeft }: { daysLeft?: number } = {}) {
  const email = await signUpReader();
  await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: "ANUAL-199000" }] as never, BILLING as never);
  const order = await Sales.createNewOrder(BILLING as never, email, "3001234567", "Ana", "Gómez");
  const paid = await Sales.finalizePayment(order.orderNumber!, 1, card);
  const id = paid.subscriptionIDs[0] as number;
  if (daysLeft !== undefined)
    await accounts.server.db.query(
      `UPDATE accounts_subscriptions SET current_period_start = current_period_start - (current_period_end - $2::timestamptz),
         current_period_end = $2 WHERE id = $1`,
      [id, new Date(accounts.server.now() + daysLeft * 24 * 60 * 60 * 1000)],
    );
  const details = await Sales.getSubscriptionDetails(id);
  return { email, id, end: details.nextEventDateUTC as number };
}

/** A new page view as the signed-in reader. */
function newPage() {
  resetSessionForTests();
  forgetRenewalLookup();
}

describe("the block", () => {
  it("is the same empty slot on the server for every reader; the header carries the brand's configuration", () => {
    expect(renderToString(<SubscriberBanner id="aviso" pageId="pagina" settings={{ placement: "perfil" }} data={null} />)).toBe(
      `<div ${BANNER_SLOT_ATTRIBUTE}="perfil"></div>`,
    );
    const menu = headerServer.transform!({}, { published: true }, { ...context, brand: "elpais" }).userMenu;
    expect(menu.banners).toBe(brands.elpais.subscriberBanners);
    expect(menu.banners.actualizarPago.URLPerfil).toBe("/perfil/suscripciones/");
  });
});

describe("who sees a banner", () => {
  it("shows nothing to an anonymous reader, and makes no lookup", async () => {
    const lookups = countLookups();
    const { container } = render(banner("inread"));
    // The header knows the reader is anonymous: nothing else will ask for the notices.
    await waitFor(() => expect(container.querySelector('[data-slot="user-menu"]')?.getAttribute("data-state")).toBe("anonymous"), { timeout: 5000 });
    expect(slotOf("inread").innerHTML).toBe("");
    expect(lookups.count()).toBe(0);
  });

  it("shows nothing to a signed-in reader without a subscription, and makes no lookup", async () => {
    await signUpReader();
    newPage();
    const lookups = countLookups();
    const { container } = render(banner("inread"));
    await waitFor(() => expect(container.querySelector('[data-slot="user-menu"]')?.getAttribute("data-state")).toBe("registered"), { timeout: 5000 });
    expect(slotOf("inread").innerHTML).toBe("");
    expect(lookups.count()).toBe(0);
    expect(localStorage.getItem(RENEWAL_DATA_KEY)).toBeNull();
  });

  it("shows nothing to a subscriber whose subscription renews by itself, but keeps the day's renewal data", async () => {
    const { email } = await subscriber();
    newPage();
    const { container } = render(banner("inread"));
    await waitFor(() => expect(localStorage.getItem(RENEWAL_DATA_KEY)).toBeTruthy(), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(JSON.parse(localStorage.getItem(RENEWAL_DATA_KEY)!)).toMatchObject({ correo: email, segmento: "AL_DIA", estado: 1 });
    expect(localStorage.getItem(CURRENT_LOCAL_DATE_KEY)).toBe(localDate(new Date()));
    expect(localStorage.getItem(ID_ANALYTICS_KEY)).toBe(Identity.userIdentity.uuid);
    expect(container.querySelector("[data-subscriber-banner]")).toBeNull();
  });

  it("shows a subscriber who cancelled the renewal offer: in the article, on the profile and in the account menu", async () => {
    const { id, end } = await subscriber(undefined, { daysLeft: 20 });
    await Sales.cancelSubscription(id, "El precio es muy alto", "PRECIO");
    newPage();
    const config = brands.semana.subscriberBanners.renovacion;
    const text = `Tu suscripción termina el ${formatLongDate(end)}. Renuévala ahora por $129.000* al año y sigue leyendo sin límites.`;

    render(
      <>
        {banner("inread")}
        <div data-testid="perfil">
          <SubscriberBanner id="perfil" pageId="pagina" settings={{ published: true, placement: "perfil" }} data={null} />
        </div>
      </>,
    );
    const shown = await screen.findAllByRole("complementary", { name: "Renovación de tu suscripción" }, { timeout: 5000 });
    expect(shown.map((element) => element.dataset.placement)).toEqual(["inread", "perfil"]);
    const inread = shown[0];
    expect(within(inread).getByText(text)).toBeTruthy();
    expect(within(inread).getByRole("link", { name: "Renovar ahora" }).getAttribute("href")).toBe(config.URLInread);
    expect(within(inread).getByRole("link", { name: "*Aplican términos y condiciones." }).getAttribute("href")).toBe(TERMS_PATH);
    // The brand's image at the 960 and 480 px breakpoints.
    const sources = [...inread.querySelectorAll("source")].map((s) => [s.getAttribute("media"), s.getAttribute("srcset")]);
    expect(sources).toEqual([
      [`(min-width: ${BANNER_BREAKPOINTS.desktop}px)`, config.BannerDesktop],
      [`(min-width: ${BANNER_BREAKPOINTS.tablet}px)`, config.BannerTablet],
    ]);
    expect(inread.querySelector("img")?.getAttribute("src")).toBe(config.BannerMobile);
    const profile = within(screen.getByTestId("perfil")).getByRole("complementary");
    expect(within(profile).getByRole("link", { name: "Renovar ahora" }).getAttribute("href")).toBe(config.URLPerfil);
    // The account menu's entry (MenuContext).
    const entry = document.querySelector("[data-banner-menu]") as HTMLAnchorElement;
    expect(entry.textContent).toBe("Renueva por $129.000* al año");
    expect(entry.getAttribute("href")).toBe(config.URLMenuContextual);
  });

  it("shows the home modal until the reader closes it, then not again in the session", async () => {
    const { id } = await subscriber(undefined, { daysLeft: 20 });
    await Sales.cancelSubscription(id, "Otro motivo", "OTRO");
    newPage();
    const first = render(banner("modal-home"));
    const dialog = await screen.findByRole("dialog", { name: "Renovación de tu suscripción" }, { timeout: 5000 });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    // Focus moves in an effect after the dialog is in the page: a busy machine can show one before the other.
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(within(dialog).getByRole("link", { name: "Renovar ahora" }).getAttribute("href")).toBe(brands.semana.subscriberBanners.renovacion.URLModalHome);
    fireEvent.click(within(dialog).getByRole("button", { name: "Ahora no" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionStorage.getItem(MODAL_CLOSED_KEY)).toBe("renovacion");
    first.unmount();
    newPage();
    render(banner("modal-home"));
    await waitFor(() => expect(localStorage.getItem(RENEWAL_DATA_KEY)).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slotOf("modal-home").innerHTML).toBe("");
  });

  it("shows a subscriber whose renewal was declined the payment update, with the last day of access", async () => {
    const { id, end } = await subscriber(TEST_CARD_NUMBERS.renewalDeclined);
    expect(await accounts.server.accounts.renew({ asOf: new Date(end - 2 * DAY), only: [id] })).toMatchObject({ declined: [id] });
    const graceEnd = (await Sales.getSubscriptionDetails(id)).graceEndUTC as number;
    newPage();
    render(banner("inread", "elpais"));
    const shown = await screen.findByRole("complementary", { name: "Pago de tu suscripción" }, { timeout: 5000 });
    expect(shown.dataset.subscriberBanner).toBe("actualizarPago");
    expect(
      within(shown).getByText(
        `No pudimos cobrar la renovación de tu suscripción. Actualiza tu medio de pago antes del ${formatLongDate(graceEnd)} para no perder el acceso.`,
      ),
    ).toBeTruthy();
    // The regional daily's subscriptions page is under /perfil/; no price, no terms.
    expect(within(shown).getByRole("link", { name: "Actualizar medio de pago" }).getAttribute("href")).toBe("/perfil/suscripciones/");
    expect(within(shown).queryByText("*Aplican términos y condiciones.")).toBeNull();
  });
});

describe("the segment lookup", () => {
  it("is made at most once per calendar day and reader, keeping RenewalData, currentlocaldate and IdAnalytics", async () => {
    const { email, id } = await subscriber(undefined, { daysLeft: 20 });
    const uuid = Identity.userIdentity.uuid!;
    const accessToken = Identity.userIdentity.accessToken!;
    const lookups = countLookups();
    const origin = accounts.server.origin;
    const morning = new Date(2026, 10, 24, 7, 0);
    const first = await loadRenewalData({ email, uuid, accessToken, origin, now: morning });
    expect(first).toMatchObject({ correo: email, segmento: "AL_DIA", idSuscripcion: id });
    expect(lookups.count()).toBe(1);
    expect(JSON.parse(localStorage.getItem(RENEWAL_DATA_KEY)!)).toEqual(first);
    expect(localStorage.getItem(CURRENT_LOCAL_DATE_KEY)).toBe("2026-11-24");
    expect(localStorage.getItem(ID_ANALYTICS_KEY)).toBe(uuid);

    // Later the same day the stored copy serves, even after the subscription changed.
    await Sales.cancelSubscription(id, "Otro motivo", "OTRO");
    expect(await loadRenewalData({ email, uuid, accessToken, origin, now: new Date(2026, 10, 24, 23, 59) })).toEqual(first);
    expect(lookups.count()).toBe(1);
    // The next day it is asked again.
    const tomorrow = await loadRenewalData({ email, uuid, accessToken, origin, now: new Date(2026, 10, 25, 0, 1) });
    expect(tomorrow).toMatchObject({ segmento: "RENOVACION", oferta: { precio: 129000 } });
    expect(lookups.count()).toBe(2);
    expect(localStorage.getItem(CURRENT_LOCAL_DATE_KEY)).toBe("2026-11-25");
    // The same day of another month is another day.
    await loadRenewalData({ email, uuid, accessToken, origin, now: new Date(2026, 11, 25, 9, 0) });
    expect(lookups.count()).toBe(3);
    // Another reader on this browser the same day does not read this one's data.
    const other = await signUpReader();
    const otherAnswer = await loadRenewalData({
      email: other,
      uuid: Identity.userIdentity.uuid!,
      accessToken: Identity.userIdentity.accessToken!,
      origin,
      now: new Date(2026, 11, 25, 10, 0),
    });
    expect(otherAnswer).toMatchObject({ correo: other, segmento: "SIN_SUSCRIPCION" });
    expect(lookups.count()).toBe(4);
  });

  it("keeps the stored copy, and the day unmarked, when the lookup fails", async () => {
    const { email } = await subscriber();
    const uuid = Identity.userIdentity.uuid!;
    const origin = accounts.server.origin;
    const today = new Date(2026, 10, 24, 8, 0);
    const stored = await loadRenewalData({ email, uuid, accessToken: Identity.userIdentity.accessToken!, origin, now: today });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    // Tomorrow, with a token the service refuses: the stored copy answers, and the next view tries again.
    expect(await loadRenewalData({ email, uuid, accessToken: "no-es-un-token", origin, now: new Date(2026, 10, 25, 8, 0) })).toEqual(stored);
    expect(localStorage.getItem(CURRENT_LOCAL_DATE_KEY)).toBe("2026-11-24");
    expect(warn).toHaveBeenCalledWith("[cuentas] no se pudo consultar la renovación:", expect.any(String));
  });
});
