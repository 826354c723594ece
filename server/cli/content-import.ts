// npm run content:import <file|folder>... [--brand <id>]
//
// Loads ANS documents into the content store (DATABASE_URL, else PGlite in DATA_DIR): a JSON file
// holding a document, an array of them or a Content API list answer, or every .json of a folder.
// Idempotent by _id (a re-import replaces). A file or document that cannot be imported is reported
// as "file: reason" and skipped while the rest import; exits 1 when nothing could be imported. What is
// written is purged from every running server's caches and from the CDNs (docs/decisions/0081-purge-by-content-key.md).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseAnsDocument } from "../../domain/ans";
import { brandIds, DEFAULT_BRAND } from "../../domain/brands";
import { authorSlug } from "../../domain/slugs";
import type { AuthorRecord, CollectionRecord } from "../content/corpus";
import { AUTHOR_TYPE, collectionItemIds, deriveDocumentId, DOCUMENT_TYPES, DocumentError, isObject } from "../content/documents";
import { toDocumentRow } from "../content/document-row";
import { neutralizeContentUrls } from "../content/document-urls";
import { createContentStore, type ContentStore } from "../content/store";
import { contentChanges, type PurgeReport } from "../purge";
import { databaseOptions, openDatabase } from "../../platform/database";
import { loggerFor } from "../../platform/log";
import { RedisConnection } from "../../platform/redis";
import { readSettings, type Settings } from "../../platform/settings";
import type { Logger } from "../../runtime/types";

/** Documents written per transaction. */
const IMPORT_BATCH = 200;
/** A progress line every this many documents. */
export const PROGRESS_EVERY = 500;

export interface ImportOptions {
  /** Brand of documents that name none. Default "semana". */
  defaultBrand?: string;
  log?: (line: string) => void;
  progressEvery?: number;
}

export interface ImportReport {
  /** Documents and authors written. */
  imported: number;
  documents: number;
  authors: number;
  collections: number;
  skipped: number;
  /** "file: reason" for each skipped file or document. */
  problems: string[];
  /** Things imported anyway that deserve a look (same _id twice, unknown brand, an element taken out for its URL). */
  notes: string[];
}

interface Candidate {
  label: string;
  value: unknown;
}

/** The .json files named, folders expanded (recursively, in name order). */
function jsonFiles(input: string, problems: string[]): string[] {
  if (!fs.existsSync(input)) {
    problems.push(`${input}: no existe`);
    return [];
  }
  if (fs.statSync(input).isFile()) return [input];
  return fs
    .readdirSync(input, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(input, entry.name);
      if (entry.isDirectory()) return jsonFiles(full, problems);
      return entry.name.endsWith(".json") ? [full] : [];
    });
}

/** The documents a parsed file holds: one, an array, or a Content API list answer. */
function candidatesOf(label: string, json: unknown): Candidate[] {
  const items = Array.isArray(json) ? json : isObject(json) && json.type === "results" && Array.isArray(json.content_elements) ? json.content_elements : null;
  if (!items) return [{ label, value: json }];
  return items.map((value, index) => ({ label: `${label}[${index}]`, value }));
}

function authorRecord(value: Record<string, any>, brand: string): AuthorRecord {
  const image = typeof value.image === "string" ? value.image : typeof value.image?.url === "string" ? value.image.url : undefined;
  return {
    ...value,
    _id: value._id,
    brand: brand as AuthorRecord["brand"],
    byline: value.byline ?? value.name ?? value._id,
    slug: typeof value.slug === "string" && value.slug ? value.slug : authorSlug(value._id),
    image,
  };
}

/** Why a database error stopped one document, in words an editor can act on. */
function storeFailure(error: unknown, doc: Record<string, any>): string {
  const message = (error as Error).message ?? String(error);
  if (/documents_brand_canonical_url/.test(message)) {
    return `canonical_url «${doc.canonical_url}» ya pertenece a otro documento de la marca ${doc.canonical_website}`;
  }
  return message;
}

export async function importContent(store: ContentStore, inputs: string[], options: ImportOptions = {}): Promise<ImportReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const defaultBrand = options.defaultBrand ?? DEFAULT_BRAND;
  const progressEvery = options.progressEvery ?? PROGRESS_EVERY;
  const report: ImportReport = { imported: 0, documents: 0, authors: 0, collections: 0, skipped: 0, problems: [], notes: [] };
  const skip = (label: string, reason: string) => {
    report.skipped++;
    report.problems.push(`${label}: ${reason}`);
  };

  const documents: Candidate[] = [];
  const authors: AuthorRecord[] = [];
  const collections: CollectionRecord[] = [];
  const seenIds = new Map<string, string>();

  for (const file of inputs.flatMap((input) => jsonFiles(input, report.problems))) {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      skip(file, `JSON no válido: ${(error as Error).message}`);
      continue;
    }
    for (const { label, value } of candidatesOf(file, json)) {
      if (!isObject(value)) {
        skip(label, "no es un objeto JSON");
        continue;
      }
      const type = value.type;
      if (typeof type !== "string" || !type) {
        skip(label, "falta type: no es un documento ANS");
        continue;
      }
      const brand = typeof value.canonical_website === "string" && value.canonical_website ? value.canonical_website : defaultBrand;
      if (type === AUTHOR_TYPE) {
        if (typeof value._id !== "string" || !value._id) skip(label, "autor sin _id");
        else authors.push(authorRecord(value, typeof value._website === "string" ? value._website : brand));
        continue;
      }
      if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) {
        skip(label, `es un elemento de contenido «${type}», no un documento (${[...DOCUMENT_TYPES, AUTHOR_TYPE].join(", ")})`);
        continue;
      }
      const doc: Record<string, any> = { ...value, canonical_website: brand };
      if (typeof doc._id !== "string" || !doc._id) doc._id = deriveDocumentId(doc);
      const parsed = parseAnsDocument(doc);
      if (!parsed.document) {
        skip(label, parsed.error ?? "documento no válido");
        continue;
      }
      try {
        toDocumentRow(doc);
      } catch (error) {
        if (!(error instanceof DocumentError)) throw error;
        skip(label, error.message);
        continue;
      }
      // Body elements and images with URLs no rule allows are taken out, and said; the document imports.
      for (const line of neutralizeContentUrls(doc).notes) report.notes.push(`${label}: ${line}`);
      if (!(brandIds as string[]).includes(brand)) {
        report.notes.push(`${label}: marca «${brand}» desconocida: el documento no se verá en ninguna de las marcas (${brandIds.join(", ")})`);
      }
      const earlier = seenIds.get(doc._id);
      if (earlier) report.notes.push(`${label}: _id «${doc._id}» repetido (también en ${earlier}): reemplaza al anterior`);
      seenIds.set(doc._id, label);
      documents.push({ label, value: doc });
      if (type === "collection") {
        collections.push({ _id: doc._id, brand: brand as CollectionRecord["brand"], headlines: doc.headlines ?? { basic: "" }, items: collectionItemIds(doc) });
      }
    }
  }

  let lastProgress = 0;
  for (let start = 0; start < documents.length; start += IMPORT_BATCH) {
    const batch = documents.slice(start, start + IMPORT_BATCH);
    try {
      await store.upsertDocuments(batch.map((candidate) => candidate.value));
      report.documents += batch.length;
    } catch {
      // One bad document must not sink its batch: write them one by one to find it.
      for (const candidate of batch) {
        try {
          await store.upsertDocuments([candidate.value]);
          report.documents++;
        } catch (error) {
          skip(candidate.label, storeFailure(error, candidate.value as Record<string, any>));
        }
      }
    }
    const done = Math.min(start + IMPORT_BATCH, documents.length);
    if (done - lastProgress >= progressEvery && done < documents.length) {
      log(`… ${done} de ${documents.length} documentos procesados`);
      lastProgress = done;
    }
  }
  const importedIds = new Set(documents.map((candidate) => (candidate.value as Record<string, any>)._id));
  const importedCollections = collections.filter((collection) => importedIds.has(collection._id));
  if (importedCollections.length) report.collections = await store.upsertCollections(importedCollections);
  if (authors.length) report.authors = await store.upsertAuthors(authors);
  report.imported = report.documents + report.authors;
  if (report.imported) await store.maintain();
  return report;
}

export function summaryLine(report: ImportReport): string {
  return (
    `Importados: ${report.imported} (${report.documents} documentos, ${report.authors} autores, ` +
    `${report.collections} colecciones); omitidos: ${report.skipped}`
  );
}

function parseArguments(argv: string[]): { inputs: string[]; defaultBrand?: string } {
  const inputs: string[] = [];
  let defaultBrand: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--brand") defaultBrand = argv[++i];
    else if (argv[i].startsWith("--brand=")) defaultBrand = argv[i].slice("--brand=".length);
    else inputs.push(argv[i]);
  }
  return { inputs, defaultBrand };
}

async function main(argv: string[]): Promise<number> {
  const { inputs, defaultBrand } = parseArguments(argv);
  if (!inputs.length) {
    console.error("Uso: npm run content:import -- <archivo.json|carpeta>... [--brand semana]");
    return 1;
  }
  if (defaultBrand !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(defaultBrand)) {
    console.error(`--brand «${defaultBrand}» no es un id de marca (p. ej. ${brandIds.join(", ")})`);
    return 1;
  }
  const settings = readSettings();
  const logger = loggerFor(settings);
  // What is imported is purged from the running servers' caches and the CDNs (docs/decisions/0081-purge-by-content-key.md).
  const redis = settings.REDIS_URL ? await connectedRedis(settings, logger) : undefined;
  const db = await openDatabase(databaseOptions(settings));
  const changes = await contentChanges(settings, { db, redis, logger, listen: false });
  const purged: PurgeReport[] = [];
  try {
    const store = await createContentStore(db, { changed: async (keys) => purged.push(await changes.purge(keys)) });
    const started = performance.now();
    const report = await importContent(store, inputs, { defaultBrand });
    for (const problem of report.problems) console.error(`omitido: ${problem}`);
    for (const note of report.notes) console.warn(`aviso: ${note}`);
    console.log(`${summaryLine(report)} en ${Math.round(performance.now() - started)} ms`);
    if (purged.length) console.log(purgeLine(purged));
    return report.imported > 0 ? 0 : 1;
  } finally {
    await changes.close();
    await db.close();
    await redis?.close();
  }
}

/** Redis once connected (a publish on a connection still opening would fail at once), or undefined after a few seconds. */
async function connectedRedis(settings: Settings, logger: Logger): Promise<RedisConnection | undefined> {
  const redis = new RedisConnection({
    url: settings.REDIS_URL!,
    prefix: settings.REDIS_PREFIX,
    timeoutMs: settings.REDIS_TIMEOUT_MS,
    logger,
    logIntervalMs: 60_000,
  });
  const ready = await Promise.race([
    new Promise<boolean>((resolve) => redis.client.once("ready", () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5000)),
  ]);
  if (ready) return redis;
  await redis.close();
  return undefined;
}

/** What the purges of an import reached, in a line. */
function purgeLine(reports: PurgeReport[]): string {
  const keys = reports.reduce((sum, report) => sum + report.keys, 0);
  const buses = [...new Set(reports.map((report) => report.bus ?? "ninguno"))].join(", ");
  const cdns = [...new Set(reports.flatMap((report) => Object.entries(report.cdn).map(([name, outcome]) => (outcome === "ok" ? name : `${name} falló`))))];
  return `Purgadas ${keys} claves de contenido en los procesos (canal: ${buses})${cdns.length ? ` y en la CDN (${cdns.join(", ")})` : ""}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`content:import: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
