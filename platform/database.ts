// One database layer for content, accounts and sales: embedded PGlite in DATA_DIR by default,
// a PostgreSQL server through `pg` when DATABASE_URL is set. Same SQL, same migrations.
import path from "node:path";
import fs from "node:fs";
import type { Logger } from "../runtime/types";
import type { Settings } from "./settings";
import { processLogger } from "./log";

export interface Queryable {
  query<T = any>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs several statements separated by semicolons (no parameters). */
  exec(sql: string): Promise<void>;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onMessage` gets every NOTIFY payload sent on it (by any connection, once
   * committed). PostgreSQL listens on a connection of its own, opened again when it drops. Resolves
   * once listening, with the function that stops.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... ; when absent, PGlite is used. */
  url?: string;
  /** Folder of the PGlite database; when absent with no url, an in-memory database. */
  dataDir?: string;
  /** PostgreSQL only: a schema to create and use (tests use one per run so they never clash). */
  schema?: string;
  /** Where errors of idle connections go. */
  logger?: Logger;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url, options.schema, options.logger ?? processLogger()) : openPglite(options.dataDir);
}

type DatabaseSettings = Pick<Settings, "DATABASE_URL" | "DATABASE_SCHEMA" | "DATA_DIR">;

/** The database the server uses: DATABASE_URL, else PGlite in DATA_DIR. */
export function databaseOptions(settings: DatabaseSettings): OpenOptions {
  if (settings.DATABASE_URL) return { url: settings.DATABASE_URL, schema: settings.DATABASE_SCHEMA };
  return { dataDir: path.join(dataDir(settings), "pglite") };
}

export function dataDir(settings: Pick<Settings, "DATA_DIR">): string {
  return path.resolve(settings.DATA_DIR);
}

/**
 * A new PGlite database (in memory, or a folder without one) starts from a copy of an empty cluster
 * when PGLITE_TEMPLATE names one (a tarball PGlite's `dumpDataDir` wrote): creating a cluster takes
 * PostgreSQL's initdb, seconds on these machines, and the test suites open hundreds
 * (tests/support/pglite-template.ts makes the copy once per PGlite version).
 */
function emptyClusterCopy(dataDir: string | undefined): Blob | undefined {
  const template = process.env.PGLITE_TEMPLATE;
  if (!template || (dataDir && fs.existsSync(path.join(dataDir, "PG_VERSION")))) return undefined;
  // Read once per process: the copy is 40 MB, and a test process opens databases by the dozen.
  if (templateRead?.path !== template) {
    try {
      templateRead = { path: template, blob: new BytesBlob(fs.readFileSync(template)) };
    } catch {
      return undefined; // no copy: initdb
    }
  }
  return templateRead.blob;
}
let templateRead: { path: string; blob: Blob } | undefined;

/**
 * A Blob over bytes in memory whose arrayBuffer() is one plain copy: PGlite reads the copy with
 * arrayBuffer(), which for Node's own Blob streams it in 64 KB chunks (0.3 s of each open).
 */
class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice().buffer as ArrayBuffer);
  }
}

async function openPglite(dataDir?: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // unaccent and pg_trgm must be handed to PGlite when it is created.
  const pg = await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm }, loadDataDir: emptyClusterCopy(dataDir) });
  const db: Database = {
    kind: "pglite",
    async query(sql, params) {
      const result = await pg.query<any>(sql, params as any[]);
      return { rows: result.rows };
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async transaction(fn) {
      return pg.transaction(async (tx) =>
        fn({
          async query(sql, params) {
            const result = await tx.query<any>(sql, params as any[]);
            return { rows: result.rows };
          },
        }),
      );
    },
    async listen(channel, onMessage) {
      return pg.listen(channel, onMessage);
    },
    async close() {
      await pg.close();
    },
  };
  return db;
}

async function openPostgres(url: string, schema: string | undefined, logger: Logger): Promise<Database> {
  const pgModule = await import("pg");
  const Pool = pgModule.default.Pool;
  if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`DATABASE_SCHEMA «${schema}» no es un nombre de esquema válido`);
  if (schema) {
    const admin = new Pool({ connectionString: url, max: 1 });
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await admin.end();
  }
  const pool = new Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client that errors (server restart) must not take the process down.
  pool.on("error", (error) => logger.error("base de datos: error de una conexión inactiva", { error: error.message }));
  const db: Database = {
    kind: "postgres",
    async query(sql, params) {
      const result = await pool.query(sql, params as any[]);
      return { rows: result.rows };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const value = await fn({
          async query(sql, params) {
            const result = await client.query(sql, params as any[]);
            return { rows: result.rows };
          },
        });
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onMessage) {
      return listenOn(() => new pgModule.default.Client({ connectionString: url }), channel, onMessage, logger);
    },
    async close() {
      await pool.end();
    },
  };
  return db;
}

/** After a listening connection dropped, how long before it is opened again. */
const RELISTEN_MS = 1000;

/** A connection of its own LISTENing on the channel, opened again whenever it drops, until stopped. */
async function listenOn(
  connect: () => import("pg").Client,
  channel: string,
  onMessage: (payload: string) => void,
  logger: Logger,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import("pg").Client | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Opened again after a drop, and after each failed attempt while the database is away.
  const again = () => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => open().catch(again), RELISTEN_MS);
  };
  const open = async () => {
    const next = connect();
    client = next;
    next.on("notification", (message) => message.channel === channel && onMessage(message.payload ?? ""));
    next.on("error", (error) => {
      if (client !== next) return;
      logger.warn("base de datos: se perdió la conexión que escucha las purgas; se abre otra", { error: error.message });
      client = undefined;
      next.end().catch(() => {});
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
      // Stopped while this attempt connected: nothing is left open.
      if (stopped) await next.end();
    } catch (error) {
      if (client === next) client = undefined;
      await next.end().catch(() => {});
      throw error;
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
