// Content changes reach every cache (docs/decisions/0081-purge-by-content-key.md): a write to the
// content store (the importer, the seed), or the content webhook, purges the written content's keys
// in every process, through every bus that reaches them (Redis pub/sub, PostgreSQL notifications,
// this process), and at the CDNs the settings name. Each process marks the keys it hears of
// (runtime/purge.ts), and its content and page caches fetch and render again what holds them.
import { PurgeMarks } from "../../runtime/purge";
import type { Logger } from "../../runtime/types";
import type { Database } from "../../platform/database";
import type { RedisConnection } from "../../platform/redis";
import type { Settings } from "../../platform/settings";
import { LocalPurgeBus, PostgresPurgeBus, RedisPurgeBus, type PurgeBus } from "./bus";
import { cdnPurgers, type CdnPurger, type CdnSettings } from "./cdn";

export interface PurgeReport {
  keys: number;
  /** The bus that carried it to the processes ("redis", "postgres", "local"), or undefined when none could. */
  bus?: PurgeBus["kind"];
  /** Each CDN's outcome: "ok" or its error. */
  cdn: Record<string, string>;
}

export interface ContentChanges {
  /** This process's purged keys, which its caches consult. */
  marks: PurgeMarks;
  /** Purges the keys in every process and at every CDN; never rejects (a failure is logged and reported). */
  purge(keys: string[]): Promise<PurgeReport>;
  close(): Promise<void>;
}

type PurgeSettings = CdnSettings & Pick<Settings, "REDIS_PREFIX" | "DATABASE_SCHEMA">;

export interface ContentChangesOptions {
  db: Database;
  /** With REDIS_URL: purges go through Redis first. */
  redis?: RedisConnection;
  logger: Logger;
  /** Whether this process has caches to purge (a server: yes; the importer: no, it only announces). */
  listen: boolean;
  /** The CDNs to purge (default: those the settings name). */
  cdn?: CdnPurger[];
}

/**
 * The buses, best first: Redis when configured, then PostgreSQL's notifications (which every process
 * on the same database hears, so a purge still arrives while Redis is away), else this process alone.
 */
function buses(settings: PurgeSettings, options: ContentChangesOptions): PurgeBus[] {
  const list: PurgeBus[] = [];
  if (options.redis) list.push(new RedisPurgeBus(options.redis.client, settings.REDIS_PREFIX, options.logger));
  if (options.db.kind === "postgres") list.push(new PostgresPurgeBus(options.db, settings.DATABASE_SCHEMA));
  if (!list.length) list.push(new LocalPurgeBus());
  return list;
}

export async function contentChanges(settings: PurgeSettings, options: ContentChangesOptions): Promise<ContentChanges> {
  const { logger } = options;
  const marks = new PurgeMarks();
  const all = buses(settings, options);
  const cdn = options.cdn ?? cdnPurgers(settings);
  if (options.listen) {
    for (const bus of all) {
      await bus
        .subscribe((keys) => marks.purge(keys))
        .catch((error) =>
          logger.warn("purga: no se pudo escuchar el canal; los cambios llegan a este proceso al vencer las cachés", {
            bus: bus.kind,
            error: (error as Error).message,
          }),
        );
    }
  }
  return {
    marks,
    async purge(keys) {
      const unique = [...new Set(keys)];
      const report: PurgeReport = { keys: unique.length, cdn: {} };
      if (!unique.length) return report;
      // The processes first: a CDN that refetches at once must get the new page from them.
      for (const bus of all) {
        try {
          await bus.publish(unique);
          report.bus = bus.kind;
          break;
        } catch (error) {
          logger.warn("purga: el canal falló; se intenta el siguiente", { bus: bus.kind, error: (error as Error).message });
        }
      }
      if (!report.bus) logger.error("purga: ningún canal llevó el cambio; los procesos lo verán al vencer sus cachés", { keys: unique.length });
      await Promise.all(
        cdn.map(async (purger) => {
          try {
            await purger.purge(unique);
            report.cdn[purger.name] = "ok";
          } catch (error) {
            report.cdn[purger.name] = (error as Error).message;
            logger.error("purga: la CDN no purgó; sus copias vencen con su s-maxage", { cdn: purger.name, error: (error as Error).message });
          }
        }),
      );
      logger.debug?.("purga", { keys: unique.length, bus: report.bus, cdn: report.cdn });
      return report;
    },
    async close() {
      await Promise.all(all.map((bus) => bus.close()));
    },
  };
}
