// Small HTTP helpers shared by the identity and sales routers.
import type express from "express";
import { ApiError, ErrorCodes } from "./errors";
import { CACHE_CONTROL } from "../platform/caching";

/** Wraps an async handler so a rejection reaches the error handler instead of hanging the request. */
export function handle(fn: (req: express.Request, res: express.Response) => Promise<unknown>): express.RequestHandler {
  return (req, res, next) => {
    fn(req, res).then((body) => {
      if (!res.headersSent && body !== undefined) res.json(body);
    }, next);
  };
}

/**
 * The token of the Authorization header. The sales SDK sends the bare token for some calls and
 * "Bearer <token>" for others; "Bearer undefined" (what it sends with no identity) counts as none.
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, "").trim();
  if (!token || token === "undefined" || token === "null") return null;
  return token;
}

/** Marks an answer that no cache may keep (a reader's own data, a payment step). */
export function noStore(res: express.Response): express.Response {
  return res.set("Cache-Control", CACHE_CONTROL.none);
}

/** A JSON object body, or a clear 400 naming what came instead. */
export function bodyObject(req: express.Request): Record<string, any> {
  const body = req.body;
  if (body === undefined || body === null || (typeof body === "object" && !Array.isArray(body))) return body ?? {};
  throw new ApiError(400, ErrorCodes.badRequest, "El cuerpo de la petición debe ser un objeto JSON");
}
