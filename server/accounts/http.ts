// Small HTTP helpers shared by the identity and sales routers.
import net from "node:net";
import type express from "express";
import { ApiError, ErrorCodes } from "./errors";

/** Wraps an async handler so a rejection reaches the error handler instead of hanging the request. */
export function handle(fn: (req: express.Request, res: express.Response) => Promise<unknown>): express.RequestHandler {
  return (req, res, next) => {
    fn(req, res).then((body) => {
      if (!res.headersSent && body !== undefined) res.json(body);
    }, next);
  };
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
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

/** A JSON object body, or a clear 400 naming what came instead. */
export function bodyObject(req: express.Request): Record<string, any> {
  const body = req.body;
  if (body === undefined || body === null || (typeof body === "object" && !Array.isArray(body))) return body ?? {};
  throw new ApiError(400, ErrorCodes.badRequest, "El cuerpo de la petición debe ser un objeto JSON");
}

/**
 * The client's address for rate limits: the one Express derives (X-Forwarded-For only from a
 * proxy TRUST_PROXY names). Anything that is not an IP address (a proxy passing on garbage) counts
 * as the connection's own address, so a key never holds what a client wrote.
 */
export function clientIp(req: express.Request): string {
  if (req.ip && net.isIP(req.ip)) return req.ip;
  return req.socket.remoteAddress || "desconocida";
}

export interface CookieOptions {
  maxAgeMs?: number;
  httpOnly?: boolean;
  secure?: boolean;
  path?: string;
}

export function setCookie(res: express.Response, name: string, value: string, options: CookieOptions = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? "/"}`, "SameSite=Lax"];
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  if (options.maxAgeMs !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAgeMs / 1000))}`);
  res.append("Set-Cookie", parts.join("; "));
}

export function clearCookie(res: express.Response, name: string, options: CookieOptions = {}) {
  setCookie(res, name, "", { ...options, maxAgeMs: 0 });
}
