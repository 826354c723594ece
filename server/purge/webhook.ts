// The content webhook (docs/content-sources.md#purge-by-content-key): an Arc-compatible platform
// tells us what content changed, and its keys are purged everywhere. The POST is signed with
// HMAC-SHA256 over "<timestamp>.<body>" with CONTENT_WEBHOOK_SECRET; a stale timestamp or a
// signature already used is refused (no replays); every refusal is a 4xx that says why.
import { createHmac, timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { LRUCache } from "lru-cache";
import { CACHE_CONTROL } from "../../platform/caching";
import type { Logger } from "../../runtime/types";
import { documentKey, listKey } from "./keys";

export const WEBHOOK_PATH = "/webhooks/contenido";
const SIGNATURE_HEADER = "X-Webhook-Signature";
const TIMESTAMP_HEADER = "X-Webhook-Timestamp";
/** How far a request's timestamp may be from this server's clock, in seconds. */
const MAX_SKEW_SECONDS = 300;
/** The largest body accepted. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Events one request may carry. */
const MAX_EVENTS = 500;

/** Event types that change which documents a list shows (with the event's website, its lists are purged). */
const LIST_CHANGES = /(create|delete|publish|unpublish|expire)$/;

/** The signature of a body sent at `timestamp`: "sha256=<hex>" (what a sender puts in X-Webhook-Signature). */
export function sign(secret: string, timestamp: string, body: string | Buffer): string {
  return "sha256=" + createHmac("sha256", secret).update(`${timestamp}.`).update(body).digest("hex");
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The keys an event names, or the refusal saying what is wrong with it and where. */
function eventKeys(event: unknown, where: string): string[] {
  if (!event || typeof event !== "object" || Array.isArray(event)) throw new Refusal(422, `${where}: no es un objeto de evento`);
  const { type, id, website } = event as Record<string, unknown>;
  if (typeof type !== "string" || !/^[a-z]+(-[a-z]+)*$/.test(type))
    throw new Refusal(422, `${where}.type: falta o no es un tipo de evento (p. ej. «story-update»)`);
  if (typeof id !== "string" || !id.trim() || id.length > 200) throw new Refusal(422, `${where}.id: falta el _id ANS del contenido`);
  const keys = [documentKey(id.trim())];
  if (typeof website === "string" && website && LIST_CHANGES.test(type)) keys.push(listKey(website));
  return keys;
}

export interface ContentWebhookOptions {
  secret: string;
  purge: (keys: string[]) => Promise<unknown>;
  logger: Logger;
  now?: () => number;
}

export function contentWebhook(options: ContentWebhookOptions): Router {
  const now = options.now ?? Date.now;
  /** Signatures already accepted, kept as long as their timestamp would be. */
  const used = new LRUCache<string, true>({ max: 100_000, ttl: 2 * MAX_SKEW_SECONDS * 1000 });
  const router = express.Router();
  const refuse = (res: Response, status: number, message: string) => void res.status(status).set("Cache-Control", CACHE_CONTROL.none).json({ error: message });

  router.post(
    WEBHOOK_PATH,
    express.raw({ type: () => true, limit: MAX_BODY_BYTES }),
    async (req: Request, res: Response) => {
      try {
        const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const timestamp = req.get(TIMESTAMP_HEADER) ?? "";
        const signature = req.get(SIGNATURE_HEADER) ?? "";
        if (!/^\d{9,11}$/.test(timestamp)) throw new Refusal(401, `falta la cabecera ${TIMESTAMP_HEADER} (segundos desde 1970)`);
        if (!/^sha256=[0-9a-f]{64}$/.test(signature)) throw new Refusal(401, `falta la cabecera ${SIGNATURE_HEADER} («sha256=» y 64 cifras hexadecimales)`);
        const expected = Buffer.from(sign(options.secret, timestamp, body));
        if (!timingSafeEqual(expected, Buffer.from(signature))) throw new Refusal(401, "la firma no corresponde al cuerpo y la hora enviados");
        if (Math.abs(now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
          throw new Refusal(401, `la hora de ${TIMESTAMP_HEADER} difiere más de ${MAX_SKEW_SECONDS} s de la del servidor`);
        if (used.has(signature)) throw new Refusal(409, "este evento ya se recibió (repetición rechazada)");
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString("utf8"));
        } catch (error) {
          throw new Refusal(400, `el cuerpo no es JSON válido: ${(error as Error).message}`);
        }
        const events = Array.isArray(parsed) ? parsed : [parsed];
        if (!events.length) throw new Refusal(422, "la lista de eventos está vacía");
        if (events.length > MAX_EVENTS) throw new Refusal(413, `demasiados eventos: ${events.length} (máximo ${MAX_EVENTS} por petición)`);
        const keys = events.flatMap((event, index) => eventKeys(event, Array.isArray(parsed) ? `[${index}]` : "evento"));
        used.set(signature, true);
        const report = await options.purge(keys);
        res
          .status(202)
          .set("Cache-Control", CACHE_CONTROL.none)
          .json({ purged: [...new Set(keys)], report });
      } catch (error) {
        if (error instanceof Refusal) return refuse(res, error.status, error.message);
        options.logger.error("webhook de contenido: error inesperado", { error: (error as Error).message });
        refuse(res, 500, "error interno al purgar");
      }
    },
    // The body parser's refusals (too large, bad encoding) in the same words as the others.
    (error: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
      if (error.type === "entity.too.large") return refuse(res, 413, `el cuerpo pasa de ${MAX_BODY_BYTES} bytes`);
      refuse(res, error.status && error.status < 500 ? error.status : 400, `no se pudo leer el cuerpo: ${error.message}`);
    },
  );
  return router;
}
