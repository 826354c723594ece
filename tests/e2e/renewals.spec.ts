// The renewal job seen by a subscriber (docs/decisions/0017-renewals.md): a reader buys offer 466,
// the test clock runs a renewal pass as of two days before the period ends, and
// /autogestion/mis-suscripciones/ shows the new period and the next renewal a year later; the
// order history and the mailbox have the renewal's receipt.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { newSubscriber } from "./readers";

const DAY = 24 * 60 * 60 * 1000;
const longDate = (ms: number) => new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeZone: "America/Bogota" }).format(new Date(ms));

let forwardedFor = "";
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  forwardedFor = `10.${octet()}.${octet()}.${octet()}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor });
});

async function salesApi(page: Page, method: string, path: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("ArcId.USER_INFO") || "{}").accessToken as string);
  const response = await page.request.fetch(`/sales/public/v1${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  return response.json();
}

test("a subscription renews once and the subscriptions page shows the new period", async ({ page }) => {
  const email = await newSubscriber(page, "renueva", "Renata");

  const [summary] = await salesApi(page, "GET", "/subscription/all");
  const before = await salesApi(page, "GET", `/subscription/${summary.subscriptionID}/details`);
  const end: number = before.nextEventDateUTC;
  const next = new Date(end);
  next.setUTCMonth(next.getUTCMonth() + 12);

  await page.goto("/autogestion/mis-suscripciones/");
  await hydrated(page);
  const card = page.locator(`li[data-subscription-id="${summary.subscriptionID}"]`);
  await expect(card.locator("[data-next-event]")).toHaveText(longDate(end));

  // The test clock: a renewal pass as of two days before the period ends.
  const pass = await page.request.post("/_pruebas/renovaciones", {
    data: { asOf: new Date(end - 2 * DAY).toISOString(), subscriptionIDs: [summary.subscriptionID] },
  });
  expect(await pass.json()).toMatchObject({ renewed: [summary.subscriptionID], declined: [] });
  // A second pass at the same moment charges nothing more.
  const again = await page.request.post("/_pruebas/renovaciones", {
    data: { asOf: new Date(end - 2 * DAY).toISOString(), subscriptionIDs: [summary.subscriptionID] },
  });
  expect(await again.json()).toMatchObject({ renewed: [], declined: [] });

  await page.reload();
  await hydrated(page);
  await expect(card).toHaveAttribute("data-status", "1");
  await expect(card.locator("dt", { hasText: "Próxima renovación" })).toBeVisible();
  await expect(card.locator("[data-next-event]")).toHaveText(longDate(next.getTime()));
  await expect(card.locator("[data-period]")).toHaveText(`Del ${longDate(end)} al ${longDate(next.getTime())}`);

  const history = await salesApi(page, "GET", "/order/history");
  expect(history.orders.filter((o: { orderStatus: string }) => o.orderStatus === "Paid").map((o: { totalAmount: number }) => o.totalAmount)).toEqual([
    199000, 199000,
  ]);
  const mailbox = await (await page.request.get("/dev/correo/")).text();
  expect(mailbox.split("<tr>").filter((row) => row.includes(email) && row.includes("Renovamos tu suscripción")).length).toBe(1);
});
