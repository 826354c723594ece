// Who may read the operators' pages (/_operador/…: the paywall notices' report, the transfer
// requests): with OPERATOR_TOKEN set, only a request with it as a bearer token, everywhere; without
// it, anyone outside production and nobody in production (README.md, configuration).
import { createHash, timingSafeEqual } from "node:crypto";
import type express from "express";

export interface OperatorAccess {
  /** OPERATOR_TOKEN. */
  token?: string;
  production: boolean;
}

/** Where the operators' pages live; robots.txt keeps crawlers out of it. */
export const OPERATOR_PREFIX = "/_operador/";

export function operatorAllowed(req: express.Request, access: OperatorAccess): boolean {
  const presented = req.get("authorization")?.replace(/^Bearer\s+/i, "");
  return access.token ? sameSecret(presented ?? "", access.token) : !access.production;
}

/** What an operators' page answers to anyone else: the site's plain 404, so it does not say it exists. */
export function refuseOperatorRequest(res: express.Response): void {
  res.status(404).type("text/plain").send("No encontrado");
}

/** An operators' page: a plain table page, never cached, never indexed. `body` is HTML the caller escaped. */
export function sendOperatorPage(res: express.Response, title: string, body: string): void {
  res.set("Cache-Control", "no-store").type("html")
    .send(`<!doctype html><html lang="es-CO"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><h1>${title}</h1>
${body}</body></html>`);
}

/** Compares a presented secret with the expected one in time that does not depend on where they differ. */
function sameSecret(presented: string, expected: string): boolean {
  const [a, b] = [createHash("sha256").update(presented).digest(), createHash("sha256").update(expected).digest()];
  return timingSafeEqual(a, b);
}
