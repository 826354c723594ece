// Plain HTTP against a site server (tests/support/site-server.ts), as a reader's browser without
// script would ask: a page of a brand by its host name, the status a reader ends on after the site's
// own redirects, and the site links of a page. Shared by the menu walk and the link checker
// (tests/architecture/menu-walk.integration.test.ts, tests/architecture/link-check.integration.test.ts).
import http from "node:http";
import { brandIds, type BrandId } from "../../domain/brands";

export interface HttpAnswer {
  status: number;
  body: string;
  location?: string;
}

/** GET a path of a brand (Host: <brand>.localhost) on the server listening at port. */
export function getPage(port: number, brand: BrandId, pagePath: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: pagePath, headers: { host: `${brand}.localhost` } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }));
      })
      .on("error", reject);
  });
}

/** A site link (a path, or an address on a brand's local host) as the brand and path it names. */
export interface SiteLink {
  brand: BrandId;
  path: string;
}

/** The brand and path an href names on this site, or undefined for another site's address. */
export function siteLink(brand: BrandId, href: string): SiteLink | undefined {
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
