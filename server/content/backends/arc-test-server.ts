// A small Arc-compatible Content API over a ContentStore, on real HTTP (node:http): it answers the
// paths the arc backend calls (see arc.ts) and checks the bearer token, so the arc backend is tested
// against a real server. Also handy to point a development server's arc backend at.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { normalizeSectionId } from "../../../domain/sections";
import { splitList } from "../documents";
import { parseQueryString, QueryStringError } from "../query-string";
import { projectDocument } from "../sources/answers";
import { MAX_FEED_OFFSET, MAX_FEED_SIZE } from "../sources/declarations";
import type { ContentStore } from "../store";
import type { SortOrder } from "../document-filters";

export interface ArcTestServer {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const SORTS: SortOrder[] = ["publish_date:desc", "publish_date:asc", "display_date:desc", "display_date:asc"];

function required(params: URLSearchParams, name: string): string {
  const value = params.get(name)?.trim();
  if (!value) throw new HttpError(400, `falta el parámetro ${name}`);
  return value;
}

function integer(params: URLSearchParams, name: string, fallback: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new HttpError(400, `${name}=${raw} no es un entero entre 0 y ${max}`);
  return value;
}

function pageOf(params: URLSearchParams) {
  return { size: integer(params, "size", 10, MAX_FEED_SIZE), offset: integer(params, "from", 0, MAX_FEED_OFFSET) };
}

const fieldsOf = (params: URLSearchParams) => {
  const fields = splitList(params.get("_sourceInclude") ?? undefined);
  return fields.length ? fields : undefined;
};

async function route(store: ContentStore, url: URL): Promise<unknown> {
  const params = url.searchParams;
  const path = url.pathname;

  if (path === "/content/v4/search/published") {
    const website = required(params, "website");
    let criteria;
    try {
      criteria = parseQueryString(params.get("q") ?? "*:*");
    } catch (error) {
      if (error instanceof QueryStringError) throw new HttpError(400, `q: ${error.message}`);
      throw error;
    }
    const sort = (params.get("sort") ?? "publish_date:desc") as SortOrder;
    if (!SORTS.includes(sort)) throw new HttpError(400, `sort=${sort} no admitido`);
    const page = { ...pageOf(params), sort };
    const { documents, count } = await store.findDocuments({ ...criteria, brand: website }, page);
    const fields = fieldsOf(params);
    const answer: Record<string, unknown> = {
      type: "results",
      version: "0.10.12",
      content_elements: documents.map((doc) => projectDocument(doc, fields)),
      count,
    };
    if (page.offset + page.size < count) answer.next = page.offset + page.size;
    return answer;
  }

  if (path === "/content/v4/" || path === "/content/v4") {
    const website = required(params, "website");
    const id = params.get("_id");
    const websiteUrl = params.get("website_url");
    if (!id && !websiteUrl) throw new HttpError(400, "falta _id o website_url");
    const document = await store.getDocument(website, id ? { id } : { url: websiteUrl! });
    if (!document) throw new HttpError(404, "documento no encontrado");
    return document;
  }

  if (path === "/content/v4/collections") {
    const website = required(params, "website");
    const page = pageOf(params);
    const collection = await store.getCollection(website, required(params, "_id"), page);
    if (!collection) throw new HttpError(404, "colección no encontrada");
    const fields = fieldsOf(params);
    return {
      _id: collection._id,
      type: "collection",
      headlines: collection.headlines,
      content_elements: collection.documents.map((doc) => projectDocument(doc, fields)),
      count: collection.count,
    };
  }

  let match = /^\/site\/v3\/website\/([^/]+)\/section\/?$/.exec(path);
  if (match) {
    const section = await store.getSection(decodeURIComponent(match[1]), normalizeSectionId(required(params, "_id")) ?? "/");
    if (!section) throw new HttpError(404, "sección no encontrada");
    return { ...section, _website: decodeURIComponent(match[1]) };
  }

  match = /^\/site\/v3\/navigation\/([^/]+)\/?$/.exec(path);
  if (match) {
    const tree = await store.getNavigation(decodeURIComponent(match[1]), required(params, "hierarchy"));
    if (!tree) throw new HttpError(404, "navegación no encontrada");
    return tree;
  }

  if (path === "/author/v2/author-service") {
    return { authors: await store.getAuthors(required(params, "website"), splitList(required(params, "_id"))) };
  }

  match = /^\/most-read\/v1\/([^/]+)\/?$/.exec(path);
  if (match) {
    const documents = await store.mostRead(decodeURIComponent(match[1]), {
      exclude: params.get("exclude") ?? undefined,
      size: integer(params, "size", 10, MAX_FEED_SIZE),
    });
    return { type: "results", content_elements: documents };
  }

  throw new HttpError(404, `ruta desconocida ${path}`);
}

/** Starts the server on 127.0.0.1 (port 0: any free port). */
export async function startArcTestServer(options: { store: ContentStore; token: string; port?: number }): Promise<ArcTestServer> {
  const server = http.createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${options.token}`) return send(401, { error: "Unauthorized", message: "token no válido" });
    if (req.method !== "GET") return send(405, { error: "Method Not Allowed" });
    try {
      send(200, await route(options.store, new URL(req.url ?? "/", "http://localhost")));
    } catch (error) {
      if (error instanceof HttpError) send(error.status, { error: error.message });
      else send(500, { error: "Internal Server Error", message: (error as Error).message });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
