// Every e-mail speaks for the brand on which the reader acted: its sender name, logo, colours,
// links and signature. A magic link asked for on El País opens El País.
//
// Which brand: a request's comes from its host (brands/: the host must be one of a brand's hosts,
// else the default brand; TRUST_PROXY decides whether X-Forwarded-Host counts), kept for the
// request in an AsyncLocalStorage so that every e-mail a request writes carries it. Work done
// outside a request (e-mail requests handled after the answer, reconciliation, renewals) names the
// brand it stored: accounts_mail_requests.brand, accounts_orders.brand, accounts_subscriptions.brand,
// accounts_users.brand (where the account was created).
//
// Where links go: the brand's public origin. PUBLIC_ORIGINS names them ("elpais=https://www.elpais.com.co,
// soho=https://www.soho.co"); a brand it does not name gets PUBLIC_ORIGIN's scheme and port with the
// brand's host of the same kind as PUBLIC_ORIGIN's: local, public with "www.", or public without
// (http://localhost:3000 → http://elpais.localhost:3000; https://www.semana.com → https://www.elpais.com.co).
import { AsyncLocalStorage } from "node:async_hooks";
import type express from "express";
import { brandForHost, brands, normalizeHost } from "../../brands";
import { mailFromSetting, type MailFromSetting, type Settings } from "../../platform/settings";
import { brandIds, DEFAULT_BRAND, isBrandId, type BrandId } from "../../domain/brands";

export interface MailBrand {
  id: BrandId;
  /** "El País". */
  name: string;
  /** Where the e-mail's links go: "http://elpais.localhost:3000". */
  origin: string;
  /** The From header: "El País <no-responder@…>". */
  from: string;
  legalName: string;
  colors: { primary: string; primaryContrast: string; text: string; muted: string; surface: string };
  fontHeading: string;
  /** The brand's wordmark, served by this service on the brand's origin (MAIL_LOGO_PATH). */
  logoUrl: string;
  logoWidth: number;
  logoHeight: number;
}

/** Where the accounts router serves the wordmark of the host's brand, for the e-mails' <img>. */
export const MAIL_LOGO_PATH = "/correo/logo.svg";

const requestBrand = new AsyncLocalStorage<BrandId>();

/** The brand of a request: the one its host belongs to (unknown hosts: the default brand). */
function brandOfRequest(req: express.Request): BrandId {
  return brandForHost(req.hostname).id;
}

/** Express middleware: what runs for this request (and the e-mails it writes) knows its brand. */
export const rememberRequestBrand: express.RequestHandler = (req, _res, next) => {
  requestBrand.run(brandOfRequest(req), () => next());
};

/** The brand of the request under way, if any. */
export function currentRequestBrand(): BrandId | undefined {
  return requestBrand.getStore();
}

/** A stored brand column read back: a known id, else undefined. */
export function storedBrand(value: unknown): BrandId | undefined {
  return isBrandId(value) ? value : undefined;
}

/** Every brand's public origin (see the header). */
export function brandOrigins(publicOrigin: string, overrides = ""): Record<BrandId, string> {
  const base = new URL(publicOrigin);
  const host = normalizeHost(base.host);
  const home = brandForHost(host);
  const isLocal = (name: string) => name === "localhost" || name === "127.0.0.1" || name.endsWith(".localhost");
  const www = host.startsWith("www.");
  const origins = {} as Record<BrandId, string>;
  for (const id of brandIds) {
    const hosts = brands[id].hosts;
    if (id === home.id) {
      origins[id] = base.origin;
      continue;
    }
    // A local origin maps to each brand's local host; a public one to the brand's public host of
    // the same kind (with or without "www.").
    const target = isLocal(host)
      ? hosts.find(isLocal)
      : (hosts.find((name) => !isLocal(name) && name.startsWith("www.") === www) ?? hosts.find((name) => !isLocal(name)));
    origins[id] = `${base.protocol}//${target ?? hosts[0]}${base.port ? `:${base.port}` : ""}`;
  }
  for (const entry of overrides.split(",")) {
    const [id, origin] = entry.split("=").map((part) => part?.trim());
    if (!id || !origin) continue;
    if (!isBrandId(id)) throw new Error(`PUBLIC_ORIGINS: marca desconocida "${id}" (se esperaba una de ${brandIds.join(", ")})`);
    origins[id] = new URL(origin).origin;
  }
  return origins;
}

/** "Suscripciones <no-responder@x>" → "no-responder@x". */
function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1] : from).trim();
}

/** The mail identity of every brand. */
export function mailBrands(options: {
  origins: Record<BrandId, string>;
  mailFrom: string;
  settings?: Partial<Pick<Settings, MailFromSetting>>;
}): Record<BrandId, MailBrand> {
  const result = {} as Record<BrandId, MailBrand>;
  for (const id of brandIds) {
    const brand = brands[id];
    const from = options.settings?.[mailFromSetting(id)] ?? `${brand.displayName} <${addressOf(options.mailFrom)}>`;
    const origin = options.origins[id];
    result[id] = {
      id,
      name: brand.displayName,
      origin,
      from,
      legalName: brand.legalName,
      colors: {
        primary: brand.theme["--color-primary"],
        primaryContrast: brand.theme["--color-primary-contrast"],
        text: brand.theme["--color-text"],
        muted: brand.theme["--color-muted"],
        surface: brand.theme["--color-surface"],
      },
      fontHeading: brand.theme["--font-heading"],
      logoUrl: new URL(MAIL_LOGO_PATH, origin).toString(),
      logoWidth: brand.logo.width,
      logoHeight: brand.logo.height,
    };
  }
  return result;
}

/** The wordmark of a brand for e-mail clients: the header's SVG with its colour fixed to the brand's. */
export function mailLogoSvg(id: BrandId): string {
  const brand = brands[id] ?? brands[DEFAULT_BRAND];
  return brand.logo.svg.replace(/currentColor/g, brand.theme["--color-primary"]).replace(' aria-hidden="true" focusable="false"', "");
}
