// reCAPTCHA switched on (docs/accounts.md#captcha) in Chromium, on a server of its own configured
// with RECAPTCHA_SITE_KEY / RECAPTCHA_SECRET_KEY and pointed at a local stand-in for Google that
// serves the page script and answers siteverify (tests/support/recaptcha.ts; the real service is
// not reachable here). The forms load the script only when they need a token, and every call the
// server guards — sign-up, sign-in, the order and the payment — goes through with one.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, hydrated, PORT, test } from "./fixtures";
import { CHECKOUT, PASSWORD, payWith, signInAtCheckout, uniqueEmail } from "./readers";
import { startFakeRecaptcha, type FakeRecaptcha } from "../support/recaptcha";
import { compiledEntry, endToEndServerFolder, serverCommand } from "../support/compiled-server";
import { linkSharedImages } from "../support/shared-images";

const SERVER_PORT = PORT + 12;
const origin = `http://localhost:${SERVER_PORT}`;
const SITE_KEY = "clave-del-sitio-e2e";
const SECRET = "clave-secreta-e2e";
let google: FakeRecaptcha;
let server: ChildProcess;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  google = await startFakeRecaptcha({ siteKey: SITE_KEY, secret: SECRET, port: PORT + 13, host: "localhost" });
  const dataDir = `.cache/e2e-captcha-${SERVER_PORT}`;
  linkSharedImages(dataDir);
  // The server the run's web server compiled (playwright.config.ts).
  const [command, ...args] = serverCommand(compiledEntry(endToEndServerFolder(PORT)));
  server = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(SERVER_PORT),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DEV_MAILBOX: "1",
      PAYMENTS_TEST_PROVIDER: "1",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "warn",
      RECAPTCHA_SITE_KEY: SITE_KEY,
      RECAPTCHA_SECRET_KEY: SECRET,
      RECAPTCHA_SCRIPT_URL: google.scriptUrl,
      RECAPTCHA_VERIFY_URL: google.verifyUrl,
    },
    stdio: "inherit",
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  for (let i = 0; i < 240; i++) {
    // Its own answer: a server that stopped at start (its port taken) must not pass for ready.
    if (server.exitCode !== null || server.signalCode !== null) throw new Error("el servidor con captcha terminó al arrancar");
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  throw new Error("el servidor con captcha no arrancó");
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await google?.close();
});

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

const modal = (page: import("@playwright/test").Page) => page.locator("#modal").getByRole("dialog");

test("signs up, signs in and buys with reCAPTCHA on; the script loads only when a form needs it", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(google.scriptUrl)) scripts.push(request.url());
  });
  const email = uniqueEmail("captcha");

  // A page and an open form load nothing of reCAPTCHA; the first submit does.
  await page.goto("/-revista-semana/?=1");
  await hydrated(page);
  const dialog = modal(page);
  await dialog.getByLabel("Nombre").fill("Rosa");
  await dialog.getByLabel("Apellido").fill("Prueba");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  expect(scripts).toEqual([]);
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(dialog.getByRole("status")).toContainText("para verificar tu dirección");
  expect(scripts).toEqual([`${google.scriptUrl}?render=${SITE_KEY}`]);

  // Signed out, then in again through the login pane: its own token.
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto(CHECKOUT);
  await hydrated(page);
  await signInAtCheckout(page, email);
  await expect(page.locator("main").getByLabel("Número de la tarjeta")).toBeVisible();
  await hydrated(page);

  // The order and the payment each carry a token; the money moves once.
  await payWith(page, "4242 4242 4242 4242", "Rosa Prueba");
  await expect(page.getByText("¡Gracias! Tu suscripción está activa.")).toBeVisible();

  const actions = google.verifications.filter((v) => v.secret === SECRET).map((v) => v.response.split(".")[1]);
  expect(actions).toEqual(["signup", "signin", "checkout", "checkout"]);
});
