// The help centre (/servicio-al-cliente/, docs/help-centre.md) at 390×844 and 1366×768 in Chromium:
// the states home → card → sub-card, 'Volver', the breadcrumb's root that resets, the browser's back
// button, the floating WhatsApp link bottom right; the personal-data help; and a PQRS request sent
// through the form, stored and acknowledged in the development mailbox. Then the newsletter and the
// data consent: subscribe, confirm and leave through the e-mail's links.
import type { Page } from "@playwright/test";
import { expect, hydrated, PORT, test } from "./fixtures";
import { mailLink, uniqueEmail } from "./readers";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 768 },
];
const PATH = "/servicio-al-cliente/";

const state = (page: Page) => page.locator("[data-help-state]");
const crumbs = (page: Page) => page.getByRole("navigation", { name: "Ruta de navegación" }).getByRole("listitem");

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("moves home → card → sub-card and back with 'Volver', the breadcrumb and the browser's back button", async ({ page }) => {
      await page.goto(PATH);
      await hydrated(page);
      await expect(state(page)).toHaveAttribute("data-help-state", "home");
      await expect(page.locator("[data-card]")).toHaveCount(8);
      await expect(crumbs(page)).toHaveText(["Servicio al cliente"]);

      await page.locator('[data-card="transacciones"]').click();
      await expect(state(page)).toHaveAttribute("data-help-state", "card");
      await expect(page).toHaveURL(`${PATH}?categoria=transacciones`);
      await expect(page.getByRole("heading", { level: 2, name: "Transacciones" })).toBeFocused();
      await expect(crumbs(page)).toHaveText(["Servicio al cliente", "Transacciones"]);

      await page.locator('[data-card="devoluciones"]').click();
      await expect(state(page)).toHaveAttribute("data-help-state", "sub-card");
      await expect(page).toHaveURL(`${PATH}?categoria=transacciones&tema=devoluciones`);
      await expect(page.getByText("5 días hábiles")).toBeVisible();
      await expect(page.getByText(/certificación bancaria expedida hace no más de 30 días por un banco colombiano/)).toBeVisible();
      await expect(crumbs(page)).toHaveText(["Servicio al cliente", "Transacciones", "Devoluciones"]);

      // 'Volver' from a sub-card returns to its card, from a card to the home.
      await page.getByRole("link", { name: "Volver" }).click();
      await expect(state(page)).toHaveAttribute("data-help-state", "card");
      await expect(page.getByRole("heading", { level: 2, name: "Transacciones" })).toBeVisible();
      await page.getByRole("link", { name: "Volver" }).click();
      await expect(state(page)).toHaveAttribute("data-help-state", "home");
      await expect(page.getByRole("link", { name: "Volver" })).toHaveCount(0);

      // The breadcrumb's root resets card and sub-card at once.
      await page.locator('[data-card="soporte-tecnico"]').click();
      await page.locator('[data-card="accesso-a-mi-suscripcion-digital"]').click();
      await expect(page.getByText(/Android 8\.2 o superior y en iOS 8\.0 o superior/)).toBeVisible();
      await page.locator("[data-breadcrumb-root]").click();
      await expect(state(page)).toHaveAttribute("data-help-state", "home");
      await expect(page).toHaveURL(PATH);

      // The browser's back button walks the same states back, without asking the server for the page again.
      const dataRequests: string[] = [];
      page.on("request", (request) => {
        if (/\.data(\?|$)|[?&]_data=/.test(request.url())) dataRequests.push(request.url());
      });
      await page.goBack();
      await expect(state(page)).toHaveAttribute("data-help-state", "sub-card");
      await expect(page).toHaveURL(`${PATH}?categoria=soporte-tecnico&tema=accesso-a-mi-suscripcion-digital`);
      await page.goBack();
      await expect(state(page)).toHaveAttribute("data-help-state", "card");
      expect(dataRequests).toEqual([]);
    });

    test("keeps the WhatsApp link floating bottom right and the '¿No encontraste lo que buscabas?' call", async ({ page }) => {
      await page.goto(`${PATH}?categoria=pqrs`);
      await hydrated(page);
      const floating = page.locator("[data-whatsapp-float]");
      await expect(floating).toBeVisible();
      await expect(floating).toHaveAttribute("href", /^https:\/\/wa\.me\//);
      const box = (await floating.boundingBox())!;
      expect(box.x + box.width).toBeGreaterThan(size.width - 40);
      expect(box.y + box.height).toBeGreaterThan(size.height - 40);
      await page.mouse.wheel(0, 2000);
      const after = (await floating.boundingBox())!;
      expect(after.y).toBeCloseTo(box.y, 0);
      await expect(page.getByText("¿No encontraste lo que buscabas?")).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    });

    test("opens each personal-data card's text with 'Volver'", async ({ page }) => {
      await page.goto(`${PATH}datos-personales/`);
      await hydrated(page);
      await expect(page.locator("[data-card]")).toHaveCount(3);
      for (const id of ["actualizacion-datos-personales", "tratamiento-datos", "requerimientos-sobre-tratamiento-datos"]) {
        await page.locator(`[data-card="${id}"]`).click();
        await expect(state(page)).toHaveAttribute("data-help-state", "card");
        await page.getByRole("link", { name: "Volver" }).click();
        await expect(state(page)).toHaveAttribute("data-help-state", "home");
      }
      await expect(page.getByRole("link", { name: "Formulario de contacto" })).toHaveAttribute("href", "/enos/");
    });
  });
}

test("a PQRS request sent through the form is stored and acknowledged in the brand's mail", async ({ page }) => {
  const correo = uniqueEmail("pqrs");
  await page.goto(`http://elpais.localhost:${PORT}${PATH}?categoria=pqrs&tema=peticiones-quejas-y-reclamos`);
  await hydrated(page);
  const form = page.getByRole("form", { name: "Radica tu PQRS" });
  // Nothing is sent while a field is wrong; each says why.
  await form.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(form.getByText("Elige el tipo de solicitud: petición, queja, reclamo o sugerencia.")).toBeVisible();
  await form.getByLabel("Tipo de solicitud").selectOption("reclamo");
  await form.getByLabel("Nombre completo").fill("Ana María Pérez");
  await form.getByLabel("Correo electrónico").fill(correo);
  await form.getByLabel("Teléfono (opcional)").fill("315 123 4567");
  await form.getByLabel("Asunto").fill("No llegó el periódico del sábado");
  await form.getByLabel("Tu solicitud").fill("El sábado no recibí el periódico en mi casa. La dirección es la de siempre.");
  await form.getByLabel(/Autorizo el tratamiento de mis datos personales/).check();
  await form.getByRole("button", { name: "Enviar solicitud" }).click();

  const sent = page.locator("[data-pqrs-sent]");
  await expect(sent).toBeVisible();
  const radicado = await sent.getAttribute("data-pqrs-sent");
  expect(radicado).toMatch(/^PQRS-[2-9A-HJKMNP-Z]{8}$/);
  await expect(sent).toContainText(`Quedó radicada con el número ${radicado}; te enviamos la confirmación a ${correo}.`);

  // The mailbox holds El País's acknowledgement, with the radicado and links to the help centre.
  const mailbox = await (await page.request.get("/dev/correo/")).text();
  const row = mailbox.split("<tr>").find((chunk) => chunk.includes(correo))!;
  expect(row).toContain(`Radicamos tu solicitud ${radicado}`);
  expect(row).toContain("PQRS radicada");
  expect(await mailLink(page, correo, PATH)).toBe(PATH);
});

test("the footer leads to 'Canales de atención al cliente' (/enos/), whose PQRS form sends a request and names its radicado", async ({ page }) => {
  const correo = uniqueEmail("enos");
  await page.goto(`http://fucsia.localhost:${PORT}/`);
  // At desktop size the footer's groups are always open.
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Servicio al cliente" })).toHaveAttribute("href", PATH);
  await footer.getByRole("link", { name: "Canales de atención al cliente" }).click();
  await expect(page).toHaveURL(/\/enos\/$/);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Canales de atención al cliente" })).toBeVisible();

  const form = page.getByRole("form", { name: "Radica tu PQRS" });
  await form.getByLabel("Tipo de solicitud").selectOption("peticion");
  await form.getByLabel("Nombre completo").fill("Julián Ospina");
  await form.getByLabel("Correo electrónico").fill(correo);
  await form.getByLabel("Asunto").fill("Cambio de dirección de entrega");
  await form.getByLabel("Tu solicitud").fill("Quiero recibir la revista en mi nueva dirección a partir del próximo mes.");
  await form.getByLabel(/Autorizo el tratamiento de mis datos personales/).check();
  await form.getByRole("button", { name: "Enviar solicitud" }).click();

  const sent = page.locator("[data-pqrs-sent]");
  await expect(sent).toBeVisible();
  const radicado = await sent.getAttribute("data-pqrs-sent");
  await expect(sent).toContainText(`Recibimos tu solicitud. Quedó radicada con el número ${radicado}; te enviamos la confirmación a ${correo}.`);
  const mailbox = await (await page.request.get("/dev/correo/")).text();
  expect(mailbox.split("<tr>").find((chunk) => chunk.includes(correo))).toContain(`Radicamos tu solicitud ${radicado}`);
});

test("subscribes to the newsletter and gives the data consent, confirms both and leaves through the e-mail's links", async ({ page }) => {
  const correo = uniqueEmail("boletin");
  await page.goto("/boletines/");
  await hydrated(page);
  const newsletter = page.locator('[data-signup="boletin"]');
  await newsletter.getByLabel("Correo electrónico").fill(correo);
  await newsletter.getByRole("button", { name: "Suscribirme" }).click();
  await expect(newsletter.getByText(`Te enviamos un correo a ${correo}. Abre su enlace para confirmar tu suscripción.`)).toBeVisible();

  await page.goto(await mailLink(page, correo, "/boletines/confirmar/"));
  await expect(page.getByText("¡Listo! Confirmaste tu suscripción al boletín. Lo recibirás en tu correo.")).toBeVisible();
  await page.goto(await mailLink(page, correo, "/boletines/cancelar/"));
  await expect(page.getByText("Cancelaste tu suscripción al boletín: no te enviaremos más boletines.")).toBeVisible();

  // The data consent: the same address, its own list and words.
  await page.goto("/boletines/");
  await hydrated(page);
  const consent = page.locator('[data-signup="consentimiento"]');
  await consent.getByLabel("Correo electrónico").fill(correo);
  await consent.getByRole("button", { name: "Autorizar" }).click();
  await expect(consent.getByText(/confirmar tu autorización/)).toBeVisible();
  await page.goto(await mailLink(page, correo, "/boletines/confirmar/"));
  await expect(page.getByText("¡Listo! Confirmaste tu autorización de tratamiento de datos.")).toBeVisible();

  // A link without its token says so.
  await page.goto("/boletines/cancelar/");
  await expect(page.getByText("El enlace está incompleto. Ábrelo de nuevo desde tu correo.")).toBeVisible();
});
