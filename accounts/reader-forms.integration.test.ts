// What readers send without an account, through the real API on PGlite and PostgreSQL: the help
// centre's PQRS form (stored with a radicado, acknowledged in the brand's own mail, every field's
// rule, limits per client address and per recipient) and the newsletter and data-consent lists
// (joined with { correo }, confirmed and left by the e-mail's links, idempotent, limited, expired).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "../brands";
import { ErrorCodes } from "../domain/errors";
import { NEWSLETTER_API, NEWSLETTER_PAGES } from "../domain/newsletter";
import { PQRS_LIMITS, PQRS_MESSAGES, RADICADO_PATTERN } from "../domain/pqrs";
import { silentLogger } from "../platform/log";
import { NEWSLETTER_CONFIRMATION_MS } from "./newsletter";
import { PQRS_PATH } from "./pqrs";
import { DEFAULT_RATE_LIMITS } from "./rate-limit";
import { count, databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";

const VALID = {
  tipo: "reclamo",
  nombre: "  Ana María Pérez-Gómez ",
  correo: "Ana.Perez@Example.com",
  telefono: "+57 315 123 4567",
  asunto: "No me llegó el periódico",
  mensaje: "El sábado no recibí el periódico en mi casa.\r\nLa dirección es la misma de siempre.",
  autorizacion: true,
};

describe.each(databaseTargets)("reader forms on %s", (_name, database) => {
  const options = database();
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(
      options,
      { reconcileIntervalMs: 0, renewalIntervalMs: 0, cleanupIntervalMs: 0, logger: silentLogger },
      { frozenClock: true },
    );
  });
  afterAll(() => server.close());

  /** A call from its own client address (unless `ip` is given), on a brand's host. */
  const call = async (path: string, body: unknown, { host = "localhost", ip }: { host?: string; ip?: string } = {}) => {
    n++;
    const response = await fetch(`${server.origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-Host": host, "X-Forwarded-For": ip ?? `10.20.${Math.floor(n / 250)}.${n % 250}` },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
  };

  const mailsTo = async (to: string) =>
    (
      await server.db.query<{ kind: string; brand: string; subject: string; text_body: string; links: Array<{ label: string; url: string }> }>(
        "SELECT kind, brand, subject, text_body, links FROM accounts_outbox WHERE to_address = $1 ORDER BY id",
        [to],
      )
    ).rows;
  const unique = (name: string) => `${name}.${Date.now()}.${n++}@example.com`;

  describe("PQRS", () => {
    it("stores a request with a radicado and acknowledges it in the brand's mail, without repeating what the sender wrote", async () => {
      const correo = unique("pqrs");
      const answer = await call(PQRS_PATH, { ...VALID, correo: correo.toUpperCase() }, { host: "elpais.localhost" });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ radicado: expect.stringMatching(RADICADO_PATTERN), tipo: "reclamo", correo });
      const { rows } = await server.db.query("SELECT * FROM accounts_pqrs WHERE radicado = $1", [answer.body.radicado]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        brand: "elpais",
        kind: "reclamo",
        name: "Ana María Pérez-Gómez",
        email: correo,
        phone: "+573151234567",
        subject: "No me llegó el periódico",
        message: "El sábado no recibí el periódico en mi casa.\nLa dirección es la misma de siempre.",
      });

      const [mail, ...others] = await mailsTo(correo);
      expect(others).toHaveLength(0);
      expect(mail).toMatchObject({ kind: "pqrs-recibida", brand: "elpais", subject: `Radicamos tu solicitud ${answer.body.radicado}` });
      expect(mail.text_body).toContain(`Quedó radicada con el número ${answer.body.radicado}`);
      expect(mail.text_body).toContain("(Reclamo)");
      expect(mail.text_body).toContain(`— El equipo de ${brands.elpais.displayName}`);
      for (const written of ["Ana", "periódico", "sábado"]) expect(mail.text_body).not.toContain(written);
      expect(mail.links.map((link) => link.url)).toEqual(["http://elpais.localhost:3000/servicio-al-cliente/", "http://elpais.localhost:3000/enos/"]);
    });

    it("gives each request its own radicado", async () => {
      const correo = unique("dos");
      const first = await call(PQRS_PATH, { ...VALID, correo });
      const second = await call(PQRS_PATH, { ...VALID, correo, tipo: "sugerencia" });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(first.body.radicado).not.toBe(second.body.radicado);
      expect(await count(server.db, "accounts_pqrs", "email = $1", [correo])).toBe(2);
    });

    const long = (length: number) => "a".repeat(length);
    const refusals: Array<[string, Record<string, unknown>, string, string]> = [
      ["no kind", { tipo: undefined }, "tipo", PQRS_MESSAGES.tipo],
      ["an unknown kind", { tipo: "denuncia" }, "tipo", PQRS_MESSAGES.tipo],
      ["a one-letter name", { nombre: "A" }, "nombre", PQRS_MESSAGES.nombre],
      ["a name too long", { nombre: long(PQRS_LIMITS.nombre.max + 1) }, "nombre", PQRS_MESSAGES.nombre],
      ["a name with digits", { nombre: "Ana 123" }, "nombre", PQRS_MESSAGES.nombreCaracteres],
      ["a name that is not text", { nombre: ["Ana"] }, "nombre", PQRS_MESSAGES.texto],
      ["no e-mail", { correo: "" }, "correo", PQRS_MESSAGES.correo],
      ["a malformed e-mail", { correo: "ana@example" }, "correo", PQRS_MESSAGES.correo],
      ["an e-mail with a header injection", { correo: "ana@example.com\r\nBcc: x@example.com" }, "correo", PQRS_MESSAGES.caracteres],
      ["a phone of 9 digits", { telefono: "315123456" }, "telefono", PQRS_MESSAGES.telefono],
      ["a phone of 13 digits", { telefono: "3151234567890" }, "telefono", PQRS_MESSAGES.telefono],
      ["a phone with letters", { telefono: "315-ABC-4567" }, "telefono", PQRS_MESSAGES.telefono],
      ["a short subject", { asunto: "Hola" }, "asunto", PQRS_MESSAGES.asunto],
      ["a subject on two lines", { asunto: "Asunto\nen dos líneas" }, "asunto", PQRS_MESSAGES.caracteres],
      ["a subject too long", { asunto: long(PQRS_LIMITS.asunto.max + 1) }, "asunto", PQRS_MESSAGES.asunto],
      ["a short message", { mensaje: "Muy corto" }, "mensaje", PQRS_MESSAGES.mensaje],
      ["a message too long", { mensaje: long(PQRS_LIMITS.mensaje.max + 1) }, "mensaje", PQRS_MESSAGES.mensaje],
      ["a message with a NUL", { mensaje: "Mensaje de prueba\u0000 con un carácter nulo" }, "mensaje", PQRS_MESSAGES.caracteres],
      ["a message with half a surrogate pair", { mensaje: "Mensaje de prueba \ud800 con medio carácter" }, "mensaje", PQRS_MESSAGES.caracteres],
      ["no data-treatment authorisation", { autorizacion: false }, "autorizacion", PQRS_MESSAGES.autorizacion],
      ["an authorisation given as text", { autorizacion: "true" }, "autorizacion", PQRS_MESSAGES.autorizacion],
    ];

    it.each(refusals)("refuses %s with 400 naming the field, and stores and sends nothing", async (_what, change, field, message) => {
      const correo = field === "correo" ? String(change.correo) : unique("rechazo");
      const before = await count(server.db, "accounts_pqrs");
      const answer = await call(PQRS_PATH, { ...VALID, correo, ...change });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ field, message, errors: { [field]: message } });
      expect(await count(server.db, "accounts_pqrs")).toBe(before);
      if (field !== "correo") expect(await mailsTo(correo)).toHaveLength(0);
    });

    it("answers the catalogue's codes for the name, the e-mail and the phone", async () => {
      expect((await call(PQRS_PATH, { ...VALID, nombre: "" })).body.code).toBe(ErrorCodes.nameLength);
      expect((await call(PQRS_PATH, { ...VALID, correo: "sin-arroba" })).body.code).toBe(ErrorCodes.emailFormat);
      expect((await call(PQRS_PATH, { ...VALID, telefono: "12" })).body.code).toBe(ErrorCodes.phoneLength);
    });

    it("refuses a body that is not a JSON object", async () => {
      expect((await call(PQRS_PATH, "[1,2]")).status).toBe(400);
      expect((await call(PQRS_PATH, "{no es json")).status).toBe(400);
    });

    it("sends one address at most mailPerAddress acknowledgements in the window, then 429 with Retry-After and nothing stored", async () => {
      const correo = unique("inundado");
      const { limit, windowMs } = DEFAULT_RATE_LIMITS.mailPerAddress;
      for (let i = 0; i < limit; i++) expect((await call(PQRS_PATH, { ...VALID, correo })).status).toBe(201);
      const refused = await call(PQRS_PATH, { ...VALID, correo });
      expect(refused).toMatchObject({ status: 429, retryAfter: String(windowMs / 1000), body: { code: ErrorCodes.tooManyRequests } });
      expect(await count(server.db, "accounts_pqrs", "email = $1", [correo])).toBe(limit);
      expect(await mailsTo(correo)).toHaveLength(limit);
      server.advance(windowMs);
      expect((await call(PQRS_PATH, { ...VALID, correo })).status).toBe(201);
    });

    it("limits the requests from one client address like every other write without an account", async () => {
      const { limit } = DEFAULT_RATE_LIMITS.anonymousWritesPerAddress;
      const ip = "192.0.2.77";
      const answers = [];
      for (let i = 0; i <= limit; i++) answers.push((await call(PQRS_PATH, { ...VALID, correo: unique("ip") }, { ip })).status);
      expect(answers.filter((status) => status === 201)).toHaveLength(limit);
      expect(answers.at(-1)).toBe(429);
    });
  });

  describe("newsletter and data consent", () => {
    const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
    const linksOf = async (correo: string) => {
      const mails = await mailsTo(correo);
      return { mails, last: mails.at(-1)! };
    };

    it("joins with { correo }, confirms with the e-mail's link and leaves with its unsubscribe link, in the brand's mail", async () => {
      const correo = unique("boletin");
      const joined = await call(NEWSLETTER_API.boletin, { correo }, { host: "soho.localhost" });
      expect(joined).toMatchObject({ status: 202, body: { correo, lista: "boletin" } });
      const { last } = await linksOf(correo);
      expect(last).toMatchObject({ kind: "boletin-confirmar", brand: "soho", subject: `Confirma tu suscripción al boletín de ${brands.soho.displayName}` });
      const [confirm, cancel] = last.links;
      expect(confirm).toMatchObject({
        label: "Confirmar mi suscripción",
        url: expect.stringContaining(`http://soho.localhost:3000${NEWSLETTER_PAGES.confirmar}?token=`),
      });
      expect(cancel).toMatchObject({
        label: "Cancelar la suscripción",
        url: expect.stringContaining(`http://soho.localhost:3000${NEWSLETTER_PAGES.cancelar}?token=`),
      });
      const status = async () => (await server.db.query("SELECT status FROM accounts_newsletter WHERE email = $1", [correo])).rows[0].status;
      expect(await status()).toBe("pendiente");

      expect(await call(NEWSLETTER_API.confirmar, { token: tokenOf(confirm.url) })).toMatchObject({
        status: 200,
        body: { lista: "boletin", estado: "confirmada" },
      });
      expect(await status()).toBe("confirmada");
      // The link again: the same answer, nothing changes.
      expect(await call(NEWSLETTER_API.confirmar, { token: tokenOf(confirm.url) })).toMatchObject({ status: 200, body: { estado: "confirmada" } });

      expect(await call(NEWSLETTER_API.cancelar, { token: tokenOf(cancel.url) })).toMatchObject({
        status: 200,
        body: { lista: "boletin", estado: "cancelada" },
      });
      expect(await status()).toBe("cancelada");
      expect(await call(NEWSLETTER_API.cancelar, { token: tokenOf(cancel.url) })).toMatchObject({ status: 200, body: { estado: "cancelada" } });
      // An old confirmation link does not undo the cancellation.
      expect((await call(NEWSLETTER_API.confirmar, { token: tokenOf(confirm.url) })).status).toBe(404);
      expect(await status()).toBe("cancelada");
    });

    it("is idempotent: asking again keeps one row; a pending request gets its link again, a confirmed one says it stands", async () => {
      const correo = unique("otra-vez");
      await call(NEWSLETTER_API.boletin, { correo });
      await call(NEWSLETTER_API.boletin, { correo: correo.toUpperCase() });
      const { mails } = await linksOf(correo);
      expect(mails.map((mail) => mail.kind)).toEqual(["boletin-confirmar", "boletin-confirmar"]);
      expect(mails[1].links).toEqual(mails[0].links);
      expect(await count(server.db, "accounts_newsletter", "email = $1", [correo])).toBe(1);

      await call(NEWSLETTER_API.confirmar, { token: tokenOf(mails[0].links[0].url) });
      const again = await call(NEWSLETTER_API.boletin, { correo });
      // The same answer whatever the address's state.
      expect(again).toMatchObject({ status: 202, body: { correo, lista: "boletin" } });
      const { last } = await linksOf(correo);
      expect(last.kind).toBe("boletin-activo");
      expect(last.links.map((link) => link.url)).toEqual([mails[0].links[1].url]);
      expect(await count(server.db, "accounts_newsletter", "email = $1 AND status = 'confirmada'", [correo])).toBe(1);
    });

    it("after leaving, joining again needs a new confirmation: the new link works, the old one does not", async () => {
      const correo = unique("vuelve");
      await call(NEWSLETTER_API.boletin, { correo });
      const first = (await linksOf(correo)).last.links;
      await call(NEWSLETTER_API.cancelar, { token: tokenOf(first[1].url) });
      await call(NEWSLETTER_API.boletin, { correo });
      const second = (await linksOf(correo)).last.links;
      expect(second[0].url).not.toBe(first[0].url);
      // The unsubscribe link stays the same for as long as the subscription exists.
      expect(second[1].url).toBe(first[1].url);
      expect((await call(NEWSLETTER_API.confirmar, { token: tokenOf(first[0].url) })).status).toBe(404);
      expect((await call(NEWSLETTER_API.confirmar, { token: tokenOf(second[0].url) })).status).toBe(200);
    });

    it("keeps the data consent apart from the newsletter, with its own words and links", async () => {
      const correo = unique("consentimiento");
      expect(await call(NEWSLETTER_API.consentimiento, { correo }, { host: "elpais.localhost" })).toMatchObject({
        status: 202,
        body: { lista: "consentimiento" },
      });
      const { last } = await linksOf(correo);
      expect(last.subject).toBe("Confirma tu autorización de tratamiento de datos");
      expect(last.text_body).toContain(brands.elpais.legalName);
      expect(last.links.map((link) => link.label)).toEqual(["Confirmar mi autorización", "Retirar mi autorización", "Política de tratamiento de datos"]);
      expect(await call(NEWSLETTER_API.confirmar, { token: tokenOf(last.links[0].url) })).toMatchObject({ status: 200, body: { lista: "consentimiento" } });
      expect(await count(server.db, "accounts_newsletter", "email = $1 AND list = 'consentimiento' AND status = 'confirmada'", [correo])).toBe(1);
      expect(await count(server.db, "accounts_newsletter", "email = $1 AND list = 'boletin'", [correo])).toBe(0);
    });

    it("refuses a forged or reshaped token, and an unsubscribe token used to confirm", async () => {
      const correo = unique("falso");
      await call(NEWSLETTER_API.boletin, { correo });
      const [confirm, cancel] = (await linksOf(correo)).last.links;
      const token = tokenOf(confirm.url);
      const [id, mac] = token.split(".");
      const flipped = `${id}.${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
      expect((await call(NEWSLETTER_API.confirmar, { token: flipped })).status).toBe(404);
      expect((await call(NEWSLETTER_API.confirmar, { token: `${Number(id) + 1}.${mac}` })).status).toBe(404);
      expect((await call(NEWSLETTER_API.confirmar, { token: tokenOf(cancel.url) })).status).toBe(404);
      for (const bad of ["", "1.corto", `${id}.${mac}x`, 42, null, ["a"], "0." + mac])
        expect((await call(NEWSLETTER_API.confirmar, { token: bad })).body).toMatchObject({ code: ErrorCodes.badRequest, field: "token" });
      expect(await count(server.db, "accounts_newsletter", "email = $1 AND status = 'pendiente'", [correo])).toBe(1);
    });

    it("refuses a malformed address with 300075 (not text: 400) and stores nothing", async () => {
      for (const correo of ["", "sin-arroba", "a@b", "ana@example.com\nBcc: x@example.com"]) {
        const answer = await call(NEWSLETTER_API.boletin, { correo });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: ErrorCodes.emailFormat, field: "correo" });
      }
      expect((await call(NEWSLETTER_API.boletin, { correo: 12 })).body).toMatchObject({ code: ErrorCodes.badRequest, field: "correo" });
      expect(await count(server.db, "accounts_newsletter", "email NOT LIKE '%@example.com'")).toBe(0);
    });

    it("limits the e-mails to one address (429 with Retry-After) and the requests from one client address", async () => {
      const correo = unique("limite");
      const { limit, windowMs } = DEFAULT_RATE_LIMITS.mailPerAddress;
      for (let i = 0; i < limit; i++) expect((await call(NEWSLETTER_API.boletin, { correo })).status).toBe(202);
      expect(await call(NEWSLETTER_API.boletin, { correo })).toMatchObject({ status: 429, retryAfter: String(windowMs / 1000) });
      expect(await mailsTo(correo)).toHaveLength(limit);

      const ip = "192.0.2.99";
      const statuses = [];
      for (let i = 0; i <= DEFAULT_RATE_LIMITS.anonymousWritesPerAddress.limit; i++)
        statuses.push((await call(NEWSLETTER_API.boletin, { correo: unique("misma-ip") }, { ip })).status);
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 202)).toBe(true);
    });

    it("lets a confirmation link expire after its days, and the clean-up forgets requests nobody confirmed", async () => {
      const correo = unique("vence");
      await call(NEWSLETTER_API.boletin, { correo });
      const [confirm, cancel] = (await linksOf(correo)).last.links;
      server.advance(NEWSLETTER_CONFIRMATION_MS);
      const late = await call(NEWSLETTER_API.confirmar, { token: tokenOf(confirm.url) });
      expect(late.status).toBe(404);
      expect(late.body.message).toContain("venció");
      const report = await server.accounts.cleanUp();
      expect(report!.newsletterRequests).toBeGreaterThanOrEqual(1);
      expect(await count(server.db, "accounts_newsletter", "email = $1", [correo])).toBe(0);
      expect((await call(NEWSLETTER_API.cancelar, { token: tokenOf(cancel.url) })).status).toBe(404);
    });
  });
});
