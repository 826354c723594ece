// A subscriber's life in Chromium, on a desktop (1366×768) and a phone (390×844): cancelling with a
// reason, the renewal banners and their $129.000 offer (docs/subscriptions-and-checkout.md#renewal-banners,
// #renewal-offer), the payment-update banner after a declined renewal, no banner for a reader without
// a subscription, billing and shipping addresses, the fifth device's sign-in, the data report and the
// account's deletion (docs/accounts.md#data-rights), El País's /perfil/ sections, and the newsletter
// box of /autogestion/comunicaciones/.
// With E2E_SCREENSHOTS=<folder> every screen is also saved there, to be looked at.
import type { Page } from "@playwright/test";
import { expect, hydrated, PORT, test } from "./fixtures";
import { DEVICE_LIMIT_MESSAGE } from "../../domain/errors";
import { mailLink, newSubscriber, PASSWORD, payWith, signInAtCheckout, signInInModal, signUp, uniqueEmail } from "./readers";

const DAY = 24 * 60 * 60 * 1000;
const longDate = (ms: number) => new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeZone: "America/Bogota" }).format(new Date(ms));
const ELPAIS = `http://elpais.localhost:${PORT}`;

test.beforeEach(async ({ page }) => {
  if (process.env.E2E_DEBUG) page.on("console", (m) => console.log(`[${m.type()}] ${m.text()} ${m.location()?.url ?? ""}`));
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

/** Saves the screen (or, with `full`, the whole page) when E2E_SCREENSHOTS names a folder (kept out of the repository). */
async function look(page: Page, name: string, { full = false } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}.png`, fullPage: full });
}

/** The signed-in reader's access token, for the API calls a test makes besides the page. */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("ArcId.USER_INFO") || sessionStorage.getItem("ArcId.USER_INFO") || "{}").accessToken as string);
}

async function salesApi(page: Page, method: string, path: string) {
  const response = await page.request.fetch(`/sales/public/v1${path}`, { method, headers: { Authorization: `Bearer ${await accessToken(page)}` } });
  return response.json();
}

/**
 * The renewal data is asked for at most once a calendar day: the copy stored by the pages seen
 * before a change (a cancellation, a declined renewal) serves until the next day. This makes the
 * stored copy yesterday's, as the next day's first page view finds it.
 */
async function nextDay(page: Page) {
  await page.evaluate(() => {
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, "0");
    localStorage.setItem("currentlocaldate", `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`);
  });
}

/** Waits until the header knows the reader is signed in (the login modal's reload has happened). */
async function signedIn(page: Page, state: "subscriber" | "registered" = "subscriber") {
  await expect(page.locator('[data-slot="user-menu"]')).toHaveAttribute("data-state", state);
}

/** An article of the seeded corpus (the home's first article link). */
async function anArticle(page: Page): Promise<string> {
  const home = await (await page.request.get("/")).text();
  const link = /href="(\/[a-z0-9-]+(?:\/[a-z0-9-]+)*\/articulo\/[^"]+)"/.exec(home)?.[1];
  expect(link, "an article linked from the home").toBeTruthy();
  return link!;
}

/** Nothing overflows the screen sideways. */
async function fitsTheScreen(page: Page) {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`)
      .slice(0, 5),
  );
  expect(overflowing).toEqual([]);
}

for (const [size, viewport] of [
  ["desktop", { width: 1366, height: 768 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${size}`, () => {
    // The fifth device's sign-in is refused with 409 before the reader signs one out.
    test.use({ allowedProblems: [/status of 409 \(Conflict\) \(http:\/\/localhost:\d+\/identity\/public\/v1\/auth\/login\)/] });
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
    });

    test("cancel with a reason; the renewal banners offer $129.000, which renews the subscription a year", async ({ page }) => {
      await newSubscriber(page, "renovacion", "Rosa");
      await page.goto("/autogestion/mis-suscripciones/");
      await hydrated(page);
      const card = page.locator("li[data-subscription-id]");
      const subscriptionID = Number(await card.getAttribute("data-subscription-id"));
      await card.getByRole("button", { name: "Cancelar suscripción" }).click();
      const reasons = card.getByLabel("Motivo de la cancelación");
      expect(await reasons.locator("option").allTextContents()).toEqual([
        "Elige un motivo",
        "El precio es muy alto",
        "No la uso lo suficiente",
        "El contenido no es lo que esperaba",
        "Tengo problemas técnicos con el sitio",
        "Me informo por otro medio",
        "Otro motivo",
      ]);
      // No reason, no cancellation.
      await card.getByRole("button", { name: "Sí, cancelar" }).click();
      await expect(card.getByText("Elige el motivo de la cancelación.")).toBeVisible();
      await look(page, "cancelar-motivo");
      await reasons.selectOption("POCO_USO");
      await card.getByLabel("Cuéntanos más (opcional)").fill("Leo más en papel.");
      await card.getByRole("button", { name: "Sí, cancelar" }).click();
      await expect(card).toHaveAttribute("data-status", "3");
      // The renewal data this browser stored today said "up to date"; the banner shows from the next day's lookup.
      await page.goto(await anArticle(page));
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("RenewalData") || "{}").segmento)).toBe("AL_DIA");
      await expect(page.locator("[data-subscriber-banner]")).toHaveCount(0);
      // Cancelled on its first day, the next day still offers nothing: the renewal price comes only in
      // a period's last 30 days, so cancelling never buys the next year cheaper.
      await nextDay(page);
      await page.goto(await anArticle(page));
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("RenewalData") || "{}"))).toMatchObject({ segmento: "AL_DIA", estado: 3 });
      await expect(page.locator("[data-subscriber-banner]")).toHaveCount(0);
      // Twenty days before the end of its period (as if bought eleven months ago), it is offered.
      const aged = await page.request.post("/_pruebas/periodo", { data: { subscriptionID, daysLeft: 20 } });
      expect(aged.status()).toBe(200);
      const end = Number((await salesApi(page, "GET", `/subscription/${subscriptionID}/details`)).nextEventDateUTC);
      await nextDay(page);

      // The article's banner, the account menu's entry and the profile's banner offer the renewal.
      const text = `Tu suscripción termina el ${longDate(end)}. Renuévala ahora por $129.000* al año y sigue leyendo sin límites.`;
      await page.goto(await anArticle(page));
      await hydrated(page);
      const inread = page.locator('[data-subscriber-banner="renovacion"][data-placement="inread"]');
      await expect(inread).toContainText(text);
      // Each banner once (the header and the sticky bar both mount the notices), and no ad slot sells the subscription.
      await expect(page.locator('[data-subscriber-banner="renovacion"][data-placement="inread"]')).toHaveCount(1);
      await expect(page.locator('a[data-house-ad="suscriptor"]:visible').first()).toContainText("Boletines de Semana");
      await expect(page.locator("a[data-house-ad]:visible", { hasText: "Suscríbete" })).toHaveCount(0);
      await inread.scrollIntoViewIfNeeded();
      // The image of the screen's width (960 px and wider, narrower than 480 px), loaded.
      const image = inread.locator("img");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
        size === "desktop" ? "/banners/renovacion-960.svg" : "/banners/renovacion-480.svg",
      );
      await look(page, "banner-articulo");
      await fitsTheScreen(page);
      if (size === "desktop") {
        await page
          .locator("header")
          .getByRole("button", { name: /menú de la cuenta/ })
          .click();
        await expect(page.locator("header [data-banner-menu]")).toHaveText("Renueva por $129.000* al año");
        await look(page, "banner-menu");
        await page.keyboard.press("Escape");
      }
      await page.goto("/autogestion/perfil/");
      await hydrated(page);
      const profileBanner = page.locator('[data-subscriber-banner="renovacion"][data-placement="perfil"]');
      await expect(profileBanner).toContainText(text);
      // In the account pages' column, not wider.
      const column = await page.locator("main section").first().boundingBox();
      const banner = await profileBanner.boundingBox();
      expect(banner!.width).toBeLessThanOrEqual(column!.width + 1);
      await look(page, "banner-perfil", { full: true });

      // Buy the offer from the article's banner: $129.000, a year more, renewing by itself again.
      await page.goto(await anArticle(page));
      await hydrated(page);
      await inread.getByRole("link", { name: "Renovar ahora" }).click();
      await expect(page).toHaveURL(/\/suscripciones-online\/\?offerId=466&renovacion=1$/);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Renueva tu suscripción");
      await expect(page.getByRole("complementary", { name: "Resumen de tu compra" })).toContainText("$129.000* al año");
      await look(page, "checkout-renovacion", { full: true });
      const main = page.locator("main");
      await main.getByLabel("Celular").fill("3001234567");
      await main.getByLabel("Dirección").fill("Carrera 7 # 71-21");
      await main.getByLabel("Ciudad").fill("Bogotá");
      await main.getByLabel("Departamento").fill("Cundinamarca");
      await main.getByLabel("Número de la tarjeta").fill("5555 5555 5555 4444");
      await main.getByLabel("Vencimiento (MM/AA)").fill("12/30");
      await main.getByLabel("Código de seguridad").fill("123");
      await main.getByLabel("Nombre en la tarjeta").fill("Rosa Prueba");
      await main.getByRole("button", { name: "Pagar $129.000" }).click();
      await expect(page.getByText("¡Gracias! Renovaste tu suscripción: sumamos 12 meses a tu periodo actual.")).toBeVisible();
      const next = new Date(end);
      next.setUTCMonth(next.getUTCMonth() + 12);
      await page.goto("/autogestion/mis-suscripciones/");
      await hydrated(page);
      await expect(card).toHaveAttribute("data-status", "1");
      await expect(card.locator("[data-next-event]")).toHaveText(longDate(next.getTime()));
      await expect(card).toContainText("terminada en 4444");
      // Bought, the offer is spent: the same day's stored data is asked again on the next day only, so
      // a new day (a fresh browser day) shows no banner; the offer can no longer be put in a cart.
      expect(
        (
          await page.request.fetch("/sales/public/v1/cart/item", {
            method: "POST",
            headers: { Authorization: `Bearer ${await accessToken(page)}`, "Content-Type": "application/json" },
            data: { items: [{ sku: "DIGITAL-ANUAL", priceCode: "ANUAL-129000", quantity: 1 }] },
          })
        ).status(),
      ).toBe(403);
      await page.evaluate(() => localStorage.removeItem("currentlocaldate"));
      await page.goto(await anArticle(page));
      await hydrated(page);
      await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("RenewalData") || "{}").segmento)).toBe("AL_DIA");
      await expect(page.locator("[data-subscriber-banner]")).toHaveCount(0);
    });

    test("a declined renewal brings the payment-update modal to the home page; a reader without a subscription sees no banner", async ({ page, browser }) => {
      // A subscriber with the card that pays now and declines every renewal.
      const context = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": "10.251.3.4" } });
      const declined = await context.newPage();
      const email = uniqueEmail("declinada");
      await signUp(declined, email, "Daniela");
      await declined.goto("/suscripciones-online/?offerId=466");
      await hydrated(declined);
      await signInAtCheckout(declined, email);
      await expect(declined.locator("main").getByLabel("Número de la tarjeta")).toBeVisible();
      await hydrated(declined);
      await payWith(declined, "4000 0000 0000 0341", "Daniela Prueba");
      await expect(declined.getByText("¡Gracias! Tu suscripción está activa.")).toBeVisible();
      const [summary] = await salesApi(declined, "GET", "/subscription/all");
      const end = Number((await salesApi(declined, "GET", `/subscription/${summary.subscriptionID}/details`)).nextEventDateUTC);
      const pass = await declined.request.post("/_pruebas/renovaciones", {
        data: { asOf: new Date(end - 2 * DAY).toISOString(), subscriptionIDs: [summary.subscriptionID] },
      });
      expect(await pass.json()).toMatchObject({ declined: [summary.subscriptionID] });
      const graceEnd = Number((await salesApi(declined, "GET", `/subscription/${summary.subscriptionID}/details`)).graceEndUTC);
      await nextDay(declined);

      await declined.goto("/");
      await hydrated(declined);
      const modal = declined.getByRole("dialog", { name: "Pago de tu suscripción" });
      await expect(modal).toContainText(
        `No pudimos cobrar la renovación de tu suscripción. Actualiza tu medio de pago antes del ${longDate(graceEnd)} para no perder el acceso.`,
      );
      await look(declined, "modal-portada-pago");
      await expect(modal.getByRole("link", { name: "Actualizar medio de pago" })).toHaveAttribute("href", "/autogestion/mis-suscripciones/");
      await modal.getByRole("button", { name: "Ahora no" }).click();
      await expect(modal).toHaveCount(0);
      // Closed for the session: not on the next view of the home.
      await declined.reload();
      await hydrated(declined);
      await expect.poll(() => declined.evaluate(() => JSON.parse(localStorage.getItem("RenewalData") || "{}").segmento)).toBe("ACTUALIZAR_PAGO");
      await expect(declined.getByRole("dialog")).toHaveCount(0);
      await context.close();

      // A reader without a subscription: no lookup, no banner, on the home page or in an article.
      const reader = uniqueEmail("sinsuscripcion");
      await signUp(page, reader, "Nora");
      await page.goto("/autogestion/perfil/");
      await hydrated(page);
      await signInInModal(page, reader);
      await signedIn(page, "registered");
      await page.goto(await anArticle(page));
      await hydrated(page);
      await expect(page.locator('[data-slot="user-menu"]')).toHaveAttribute("data-state", "registered");
      await page.goto("/");
      await hydrated(page);
      await expect(page.locator('[data-slot="user-menu"]')).toHaveAttribute("data-state", "registered");
      expect(await page.evaluate(() => localStorage.getItem("RenewalData"))).toBeNull();
      await expect(page.locator("[data-subscriber-banner]")).toHaveCount(0);
    });

    test("billing and shipping addresses, on the subscriptions page and El País's /perfil/ sections", async ({ page }) => {
      const email = await newSubscriber(page, "direccion", "Diana");
      await page.goto("/autogestion/mis-suscripciones/");
      await hydrated(page);
      const card = page.locator("li[data-subscription-id]");
      await expect(card.locator("[data-shipping-address]")).toHaveText("La misma de facturación");
      await card.getByRole("button", { name: "Editar dirección" }).click();
      const form = card.getByRole("form", { name: "Editar la dirección" });
      await form.getByLabel("Enviar a la misma dirección de facturación").uncheck();
      const shipping = form.getByRole("group", { name: "Dirección de envío" });
      await shipping.getByLabel("Dirección").fill("Calle 10 # 4-20");
      await shipping.getByLabel("Complemento (opcional)").fill("Oficina 301");
      await look(page, "direccion-envio", { full: true });
      await form.getByRole("button", { name: "Guardar la dirección" }).click();
      await expect(
        page.getByText("Guardamos la nueva dirección. Los cambios hechos después de las 3:00 p. m. se aplican el siguiente día hábil."),
      ).toBeVisible();
      await expect(card.locator("[data-shipping-address]")).toHaveText("Calle 10 # 4-20, Oficina 301, Bogotá, Cundinamarca");
      await expect(card.locator("[data-address]")).toHaveText("Carrera 7 # 71-21, Bogotá, Cundinamarca");
      await fitsTheScreen(page);

      // El País: the profile page's sections, each a page of its own, the account blocks reused.
      await page.goto(`${ELPAIS}/perfil/`);
      await hydrated(page);
      await signInInModal(page, email);
      await signedIn(page);
      const nav = page.getByRole("navigation", { name: "Mi cuenta" });
      const sections: Array<[string, string, string]> = [
        ["/perfil/", "Mi perfil", "Mi perfil"],
        ["/perfil/editarperfil/", "Editar perfil", "Editar perfil"],
        ["/perfil/datos-personales/", "Datos personales", "Datos personales"],
        ["/perfil/comunicaciones/", "Comunicaciones", "Comunicaciones"],
        ["/perfil/suscripciones/", "Suscripciones", "Suscripciones"],
        ["/perfil/editardireccion/", "Editar dirección", "Editar dirección"],
      ];
      for (const [path, title, link] of sections) {
        await page.goto(`${ELPAIS}${path}`);
        await hydrated(page);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(nav.getByRole("link", { name: link, exact: true })).toHaveAttribute("aria-current", "page");
        await expect(page.locator("main [role=status]")).toHaveCount(0);
        await look(page, `perfil-${path.split("/").filter(Boolean).slice(1).join("-") || "perfil"}`, { full: true });
        await fitsTheScreen(page);
      }
      // suscripciones: the card, the order and its receipt; editardireccion: the addresses only.
      await page.goto(`${ELPAIS}/perfil/suscripciones/`);
      await hydrated(page);
      await expect(page.locator("li[data-subscription-id]")).toContainText("terminada en 4242");
      await expect(page.getByRole("region", { name: "Historial de pedidos" }).locator("li[data-order-number]")).toHaveCount(1);
      await page.goto(`${ELPAIS}/perfil/editardireccion/`);
      await hydrated(page);
      const addresses = page.getByRole("form", { name: "Editar la dirección" });
      await expect(addresses.getByRole("group", { name: "Dirección de envío" }).getByLabel("Complemento (opcional)")).toHaveValue("Oficina 301");
      await addresses.getByLabel("Enviar a la misma dirección de facturación").check();
      await addresses.getByRole("button", { name: "Guardar la dirección" }).click();
      await expect(page.getByText("Guardamos la nueva dirección.", { exact: false })).toBeVisible();
      await expect(addresses.getByRole("group", { name: "Dirección de envío" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Cancelar suscripción" })).toHaveCount(0);
    });

    test("the newsletter box of /autogestion/comunicaciones/: ticked, confirmed by the e-mail's link, unticked", async ({ page }) => {
      // The box asks the brand's newsletter list, which confirms by e-mail (docs/carousels-and-blocks.md#newsletter).
      const email = uniqueEmail("boletin");
      await signUp(page, email, "Nora");
      await page.goto("/autogestion/comunicaciones/");
      await hydrated(page);
      await signInInModal(page, email);
      await signedIn(page, "registered");
      await page.goto("/autogestion/comunicaciones/");
      await hydrated(page);
      const box = page.getByRole("checkbox", { name: "Quiero recibir por correo el boletín con las noticias más importantes del día" });
      await expect(page.getByText(`No recibes el boletín en ${email}.`)).toBeVisible();
      await expect(box).not.toBeChecked();
      await box.click();
      await expect(page.getByText(`Te enviamos un correo a ${email}. Abre su enlace para confirmar tu suscripción.`)).toBeVisible();
      await expect(box).toBeChecked();
      await expect(page.getByText(/^Pendiente de confirmar: abre el enlace del correo/)).toBeVisible();
      await look(page, "comunicaciones-pendiente", { full: true });
      await fitsTheScreen(page);

      await page.goto(await mailLink(page, email, "/boletines/confirmar/"));
      await expect(page.getByText("¡Listo! Confirmaste tu suscripción al boletín. Lo recibirás en tu correo.")).toBeVisible();
      await page.goto("/autogestion/comunicaciones/");
      await hydrated(page);
      await expect(page.getByText(`Suscripción activa: recibes el boletín en ${email}.`)).toBeVisible();
      await expect(box).toBeChecked();

      await box.click();
      await expect(page.getByText("Cancelaste tu suscripción al boletín: no te enviaremos más boletines.")).toBeVisible();
      await expect(box).not.toBeChecked();
      await page.goto("/autogestion/comunicaciones/");
      await hydrated(page);
      await expect(page.getByText(`No recibes el boletín en ${email}.`)).toBeVisible();
      await expect(box).not.toBeChecked();
    });

    test("a subscriber's fifth device lists the other four and signs one out", async ({ page }) => {
      const email = await newSubscriber(page, "dispositivos", "Dora");
      // Two more devices: with the sign-up's and the checkout's sessions, four.
      for (const agent of [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1",
        "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
      ]) {
        const signedIn = await page.request.post("/identity/public/v1/auth/login", {
          data: { userName: email, credentials: PASSWORD },
          headers: { "User-Agent": agent },
        });
        expect(signedIn.status()).toBe(200);
      }
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await page.goto("/autogestion/perfil/");
      await hydrated(page);
      await signInInModal(page, email);
      const devices = page.locator("#modal").getByRole("group", { name: "Dispositivos con la sesión iniciada" });
      await expect(devices).toContainText(DEVICE_LIMIT_MESSAGE);
      await expect(devices.getByRole("listitem")).toHaveCount(4);
      await expect(devices).toContainText("Firefox en Linux");
      await look(page, "quinto-dispositivo");
      await devices.getByRole("listitem").filter({ hasText: "Firefox en Linux" }).getByRole("button", { name: "Cerrar la sesión allí" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mi perfil");
      await expect(page.locator('[data-slot="user-menu"]')).toHaveAttribute("data-state", "subscriber");
    });

    test("a copy of my data, e-mailed when ready and downloaded as JSON; the deletion only by the e-mail page's button", async ({ page }) => {
      const email = uniqueEmail("misdatos");
      await signUp(page, email, "Irene");
      await page.goto("/autogestion/datos-/");
      await hydrated(page);
      await signInInModal(page, email);
      await signedIn(page, "registered");
      const data = page.getByRole("region", { name: "Mis datos" });
      await data.getByRole("button", { name: "Descargar mis datos" }).click();
      await expect(data.getByText("Estamos preparando la copia de tus datos. Te enviaremos un correo cuando esté lista para descargar.")).toBeVisible();
      // The e-mail, then the page lists the copy ready to download.
      expect(await mailLink(page, email, "/autogestion/datos-/")).toBe("/autogestion/datos-/");
      await page.goto(await mailLink(page, email, "/autogestion/datos-/"));
      await hydrated(page);
      const download = data.getByRole("button", { name: "Descargar (JSON)" });
      await expect(download).toBeVisible();
      await look(page, "mis-datos", { full: true });
      await fitsTheScreen(page);
      const [saved] = await Promise.all([page.waitForEvent("download"), download.click()]);
      expect(saved.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
      const json = JSON.parse(await (await import("node:fs/promises")).readFile((await saved.path())!, "utf8"));
      expect(json.profile).toMatchObject({ email, firstName: "Irene" });

      // Deleting: the request says an e-mail went; opening its link only asks; the button deletes.
      await page.getByRole("button", { name: "Eliminar mi cuenta" }).click();
      await expect(page.getByText(/^Te enviamos un correo a .+ para confirmar la eliminación de tu cuenta\./)).toBeVisible();
      await look(page, "eliminar-cuenta-pedida", { full: true });
      await fitsTheScreen(page);
      const link = await mailLink(page, email, "accion=aprobar");
      await page.goto(link);
      await hydrated(page);
      await expect(page.getByText("¿Quieres eliminar tu cuenta?", { exact: false })).toBeVisible();
      await look(page, "eliminar-cuenta-pregunta", { full: true });
      // Opened (as a link prefetcher would), nothing is deleted: the password still signs in.
      expect((await page.request.post("/identity/public/v1/auth/login", { data: { userName: email, credentials: PASSWORD } })).status()).toBe(200);
      await page.getByRole("button", { name: "Sí, eliminar mi cuenta" }).click();
      await expect(page.getByText("Tu cuenta fue eliminada. Tus datos personales se anonimizaron.")).toBeVisible();
      expect((await page.request.post("/identity/public/v1/auth/login", { data: { userName: email, credentials: PASSWORD } })).status()).toBe(401);
    });
  });
}
