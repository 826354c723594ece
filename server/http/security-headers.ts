// Security headers on every response: pages, the APIs, assets and images (docs/decisions/0012-threat-model.md).
// Pages get a Content-Security-Policy whose inline scripts must carry this response's nonce (the
// document's render adds it to Remix's scripts); frames are limited to the embed hosts that raw HTML
// may use (domain/urls.ts EMBED_HOSTS) and the group's own sites.
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { EMBED_HOSTS } from "../../domain/urls";

export interface SecurityHeaderOptions {
  /** The group's hosts, which pages may frame (a brand's page inside another's). */
  ownHosts: readonly string[];
  /** Script hosts (https) or origins a configured service needs (reCAPTCHA, social sign-in). */
  scriptHosts?: readonly string[];
  frameHosts?: readonly string[];
}

/** The nonce of this response, for inline scripts and the document's render. */
export function responseNonce(res: Response): string {
  return res.locals.nonce as string;
}

function contentSecurityPolicy(nonce: string, options: SecurityHeaderOptions, secure: boolean): string {
  // A host is served over https; an origin (with its scheme) is taken as it is.
  const https = (hosts: readonly string[]) => hosts.map((host) => (host.includes("://") ? host : `https://${host}`));
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${https(options.scriptHosts ?? []).join(" ")}`.trim(),
    // Brand themes and components set inline styles; styles cannot run code under this policy.
    "style-src 'self' 'unsafe-inline'",
    // Promo images and thumbnails of other newsrooms and video platforms.
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src 'self' ${[...https(EMBED_HOSTS), ...https(options.ownHosts), ...https(options.frameHosts ?? [])].join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(secure ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions) {
  // The policy is the same for every response but for its nonce: written once, around the nonce.
  const NONCE = "\u0000";
  const [plainBefore, plainAfter] = contentSecurityPolicy(NONCE, options, false).split(NONCE);
  const [secureBefore, secureAfter] = contentSecurityPolicy(NONCE, options, true).split(NONCE);
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", req.secure ? secureBefore + nonce + secureAfter : plainBefore + nonce + plainAfter);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), browsing-topics=(), payment=(self)");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    // Only over HTTPS (req.secure follows X-Forwarded-Proto from trusted proxies only).
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
