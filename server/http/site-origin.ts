// The one source of truth for which site a request is for: its host and protocol. Forwarded headers
// (X-Forwarded-Host, X-Forwarded-Proto) are believed only from the proxies TRUST_PROXY names
// (Express "trust proxy"); otherwise the Host header and the connection decide. Brand selection,
// canonical links and every cache key use this, so a request cannot be served as one brand and
// stored as another (docs/decisions/0012-threat-model.md).
import type { Request } from "express";

export interface SiteOrigin {
  /** Host name and port as the reader used them, lower case: "soho.localhost:3000". */
  host: string;
  /** "https://soho.localhost:3000" */
  origin: string;
}

/** A host header value: name or IPv4/IPv6 literal, optional port; anything else names no site. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;
const FALLBACK_HOST = "localhost";

export function siteOrigin(req: Request): SiteOrigin {
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const candidate = (forwarded || req.get("host") || "")
    .trim()
    .toLowerCase()
    .replace(/\.(?=:|$)/, "");
  const host = HOST.test(candidate) ? candidate : FALLBACK_HOST;
  // req.protocol follows X-Forwarded-Proto only from trusted proxies, as req.hostname does.
  return { host, origin: `${req.protocol}://${host}` };
}
