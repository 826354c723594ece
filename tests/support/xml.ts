// XML checks for the output tests: well-formedness and XML Schema validation with libxml2's xmllint
// (compiled to WebAssembly: xmllint-wasm), against the schemas kept in tests/fixtures/xsd, and a DOM
// (jsdom) to read what a feed or sitemap says.
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { validateXML } from "xmllint-wasm";

const XSD_DIR = path.resolve(import.meta.dirname, "../fixtures/xsd");
const schemaFile = (name: string) => ({ fileName: name, contents: fs.readFileSync(path.join(XSD_DIR, name), "utf8") });

/** The schema files a kind of document is validated against (the first one is the entry point). */
const SCHEMAS = {
  sitemap: ["sitemap-with-extensions.xsd", "sitemap.xsd", "sitemap-news.xsd", "sitemap-image.xsd"],
  sitemapIndex: ["siteindex.xsd"],
} as const;

/**
 * The schema's errors for an XML document, or for several by name (none when all are valid). Pass
 * many at once: each call starts a worker and compiles libxml2 again, most of a small check's time.
 */
export async function schemaErrors(xml: string | Record<string, string>, kind: keyof typeof SCHEMAS): Promise<string[]> {
  const documents = typeof xml === "string" ? { "document.xml": xml } : xml;
  const [entry, ...imported] = SCHEMAS[kind].map(schemaFile);
  const files = Object.entries(documents).map(([fileName, contents]) => ({ fileName, contents }));
  const result = await validateXML({ xml: files, schema: [entry], preload: imported });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** The document as a DOM; throws on XML that is not well-formed. */
export function parseXml(xml: string): Document {
  const document = new JSDOM(xml, { contentType: "application/xml" }).window.document;
  const error = document.getElementsByTagName("parsererror")[0];
  if (error) throw new Error(`XML mal formado: ${error.textContent}`);
  return document;
}

/** The text of every element with this namespace and local name. */
export function texts(document: Document | Element, namespace: string, name: string): string[] {
  return [...document.getElementsByTagNameNS(namespace, name)].map((element) => element.textContent ?? "");
}

/** RFC 822 dates as RSS 2.0 writes them ("Sat, 21 Nov 2026 17:00:00 GMT"). */
const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;

/**
 * The RSS 2.0 structure (the specification has no schema): problems found, none when it holds.
 * Channel: title, link, description; every item: title, link, guid, pubDate in RFC 822.
 */
export function rssProblems(document: Document): string[] {
  const problems: string[] = [];
  const rss = document.documentElement;
  if (rss.localName !== "rss" || rss.getAttribute("version") !== "2.0") problems.push('la raíz no es <rss version="2.0">');
  const channels = [...rss.children].filter((element) => element.localName === "channel");
  if (channels.length !== 1) return [...problems, "no hay exactamente un <channel>"];
  const child = (parent: Element, name: string) => [...parent.children].find((element) => element.localName === name && !element.namespaceURI);
  for (const name of ["title", "link", "description"]) if (!child(channels[0], name)?.textContent) problems.push(`el canal no tiene <${name}>`);
  [...channels[0].children]
    .filter((element) => element.localName === "item")
    .forEach((item, index) => {
      for (const name of ["title", "link", "guid", "pubDate"]) if (!child(item, name)?.textContent) problems.push(`item ${index}: falta <${name}>`);
      const date = child(item, "pubDate")?.textContent ?? "";
      if (date && !RFC_822.test(date)) problems.push(`item ${index}: pubDate no es RFC 822 (${date})`);
      const link = child(item, "link")?.textContent ?? "";
      if (link && !/^https?:\/\//.test(link)) problems.push(`item ${index}: link no es absoluto (${link})`);
    });
  return problems;
}
