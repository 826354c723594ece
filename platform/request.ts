// What both products read of a request and write of an answer: cookies and the client's address.
import net from "node:net";
import type express from "express";

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
