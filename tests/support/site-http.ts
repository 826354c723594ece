// Plain HTTP against a site server (tests/support/site-server.ts), as a reader's browser without
// script would ask, with the Host header that names the brand (fetch cannot set it): any request
// (requestSite), a page of a brand by its host name (getPage), the status a reader ends on after
// the site's own redirects (finalStatus), and the site links of a page (pageLinks, anchorLinks).
// The one way the tests ask the site with a Host header:
// - blocks/: daily-archive, news-sidebar, age-gate, article-body/recommendations,
//   article-structured-data/structured-data, _shared/{forums-and-carousels,page-images,video-channel}
//   (.integration.test.ts), and _shared/listing-counts for brandHost;
// - server/: paywall, foreign-path, outputs/outputs, editor/editor, content/foreign-content,
//   content/seed/seed-moment, content/backends/youtube (.integration.test.ts);
// - tests/architecture: link-check, menu-walk, reader-pages, opinion-archive-editor-pages
//   (.integration.test.ts); tests/security: site.test.ts, subscription-terms.test.ts;
//   tests/support/page-weight.ts (the budgets test and the weight bench).
// Tests that watch the connection itself keep their own requests: tests/security/shutdown-saturation.test.ts
// (no body read, 30 readers on fresh sockets) and server/cli/cluster.integration.test.ts (npm start's port).
import http from "node:http";
import { brandIds, type BrandId } from "../../domain/brands";

/** A request to the site server; only `path` is required. */
export interface SiteRequest {
  /** The Host header; without one, Node sends 127.0.0.1:<port> (the default brand's). */
  host?: string;
  path: string;
  method?: string;
  /** Further headers; a host among them wins over `host`. */
  headers?: Record<string, string>;
  /** Sent as it is: its content-type and content-length come with `headers`. */
  body?: string;
  /** Sent as JSON, with its content-type and content-length. */
  json?: unknown;
  /** The connection's agent (default: Node's global agent). */
  agent?: http.Agent;
}

/** The site's answer, read to its end. */
export interface SiteAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  body: string;
  /** The body's bytes as they came (still compressed when the request accepted gzip). */
  raw: Buffer;
  location?: string;
}

/** Sends one request to the site server listening on 127.0.0.1:port and reads the whole answer. */
export function requestSite(port: number, request: SiteRequest): Promise<SiteAnswer> {
  const payload = request.json === undefined ? request.body : JSON.stringify(request.json);
  const headers: http.OutgoingHttpHeaders = {
    ...(request.host === undefined ? {} : { host: request.host }),
    ...request.headers,
    ...(request.json === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(payload!) }),
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: request.path, method: request.method ?? "GET", headers, agent: request.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString("utf8"), raw, location: res.headers.location });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * The host these tests ask a brand by: localhost for Semana (the default brand, which localhost
 * names: brands/semana.ts), <brand>.localhost for the others. The server writes its absolute
 * addresses with the host it was asked by, so localhost and semana.localhost are not the same answer.
 */
export function brandHost(brand: BrandId): string {
  return brand === "semana" ? "localhost" : `${brand}.localhost`;
}

/** GET a path of a brand (Host: <brand>.localhost, semana.localhost too) on the server listening at port. */
export function getPage(port: number, brand: BrandId, pagePath: string): Promise<SiteAnswer> {
  return requestSite(port, { host: `${brand}.localhost`, path: pagePath });
}

/** A site link (a path, or an address on a brand's local host) as the brand and path it names. */
export interface SiteLink {
  brand: BrandId;
  path: string;
}

/** The brand and path an href names on this site, or undefined for another site's address. */
function siteLink(brand: BrandId, href: string): SiteLink | undefined {
  const url = href.replace(/&amp;/g, "&").split("#")[0];
  if (url.startsWith("/") && !url.startsWith("//")) return { brand, path: url };
  const absolute = /^https?:\/\/([a-z]+)\.localhost(?::\d+)?(\/[^#]*)?$/i.exec(url);
  const target = absolute?.[1].toLowerCase();
  if (target && (brandIds as readonly string[]).includes(target)) return { brand: target as BrandId, path: absolute![2] || "/" };
  return undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The status a reader ends on, following the site's own redirects (at most three). */
export async function finalStatus(port: number, brand: BrandId, pagePath: string): Promise<number> {
  let at: SiteLink = { brand, path: pagePath };
  for (let hops = 0; hops < 3; hops++) {
    const { status, location } = await getPage(port, at.brand, at.path);
    if (!REDIRECTS.has(status)) return status;
    const next = location ? siteLink(at.brand, location) : undefined;
    if (!next) return status;
    at = next;
  }
  return 310;
}

/** The site paths an HTML page links (<a href>), fragments dropped; only inside these elements when named. */
export function pageLinks(html: string, within?: string[]): string[] {
  const parts = within ? (html.match(new RegExp(`<(${within.join("|")})\\b[\\s\\S]*?<\\/\\1>`, "g")) ?? []) : [html];
  const links = new Set<string>();
  for (const part of parts) {
    for (const [, href] of part.matchAll(/href="([^"]+)"/g)) {
      const url = href.replace(/&amp;/g, "&");
      if (url.startsWith("/") && !url.startsWith("//")) links.add(url.split("#")[0]);
    }
  }
  return [...links].sort();
}

/** Runs fn over items with at most `limit` at once; the results in the items' order. */
export async function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The site links of a page's anchors (<a href>): paths of the brand and addresses on the brands' local hosts. */
export function anchorLinks(brand: BrandId, html: string): SiteLink[] {
  const links: SiteLink[] = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const link = siteLink(brand, href);
    if (link) links.push(link);
  }
  return links;
}
