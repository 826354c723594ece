// Purging the CDN by content key (docs/decisions/0081-purge-by-content-key.md), through each
// provider's own API: Fastly's purge by surrogate key and Cloudflare's purge by cache tag. The API
// addresses are settings, so that the tests point them at local stand-ins speaking the same protocol.
import type { Settings } from "../../platform/settings";

export interface CdnPurger {
  readonly name: string;
  /** Purges every cached response naming one of the keys; rejects naming the provider's answer when it refuses. */
  purge(keys: string[]): Promise<void>;
}

/** How long a provider may take to answer one purge call. */
const TIMEOUT_MS = 10_000;

/** The keys in groups of at most `size`. */
function batches(keys: string[], size: number): string[][] {
  const out: string[][] = [];
  for (let start = 0; start < keys.length; start += size) out.push(keys.slice(start, start + size));
  return out;
}

async function call(name: string, url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new Error(`${name} rechazó la purga (HTTP ${response.status}): ${text.slice(0, 300)}`);
  if (body === undefined) throw new Error(`${name} respondió a la purga sin JSON (HTTP ${response.status})`);
  return body;
}

/** Fastly: POST {base}/service/{id}/purge, keys in Surrogate-Key (256 a call), the token in Fastly-Key. */
export class FastlyPurger implements CdnPurger {
  readonly name = "Fastly";
  static readonly BATCH = 256;

  constructor(private options: { baseUrl: string; serviceId: string; token: string; soft: boolean }) {}

  async purge(keys: string[]) {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/service/${encodeURIComponent(this.options.serviceId)}/purge`;
    for (const batch of batches(keys, FastlyPurger.BATCH)) {
      await call(this.name, url, {
        method: "POST",
        headers: {
          "Fastly-Key": this.options.token,
          "Surrogate-Key": batch.join(" "),
          Accept: "application/json",
          ...(this.options.soft ? { "Fastly-Soft-Purge": "1" } : {}),
        },
      });
    }
  }
}

/** Cloudflare: POST {base}/zones/{zone}/purge_cache with {"tags": [...]} (30 a call), a bearer token; the answer says success. */
export class CloudflarePurger implements CdnPurger {
  readonly name = "Cloudflare";
  static readonly BATCH = 30;

  constructor(private options: { baseUrl: string; zoneId: string; token: string }) {}

  async purge(keys: string[]) {
    const url = `${this.options.baseUrl.replace(/\/+$/, "")}/zones/${encodeURIComponent(this.options.zoneId)}/purge_cache`;
    for (const batch of batches(keys, CloudflarePurger.BATCH)) {
      const answer = (await call(this.name, url, {
        method: "POST",
        headers: { Authorization: `Bearer ${this.options.token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ tags: batch }),
      })) as { success?: boolean; errors?: unknown };
      if (answer?.success !== true) throw new Error(`Cloudflare no confirmó la purga: ${JSON.stringify(answer?.errors ?? answer).slice(0, 300)}`);
    }
  }
}

export type CdnSettings = Pick<
  Settings,
  | "FASTLY_API_TOKEN"
  | "FASTLY_SERVICE_ID"
  | "FASTLY_API_BASE_URL"
  | "FASTLY_SOFT_PURGE"
  | "CLOUDFLARE_API_TOKEN"
  | "CLOUDFLARE_ZONE_ID"
  | "CLOUDFLARE_API_BASE_URL"
>;

/** The CDNs the settings name (none, one or both). */
export function cdnPurgers(settings: CdnSettings): CdnPurger[] {
  const purgers: CdnPurger[] = [];
  if (settings.FASTLY_API_TOKEN && settings.FASTLY_SERVICE_ID) {
    purgers.push(
      new FastlyPurger({
        baseUrl: settings.FASTLY_API_BASE_URL,
        serviceId: settings.FASTLY_SERVICE_ID,
        token: settings.FASTLY_API_TOKEN,
        soft: settings.FASTLY_SOFT_PURGE === "1",
      }),
    );
  }
  if (settings.CLOUDFLARE_API_TOKEN && settings.CLOUDFLARE_ZONE_ID) {
    purgers.push(
      new CloudflarePurger({ baseUrl: settings.CLOUDFLARE_API_BASE_URL, zoneId: settings.CLOUDFLARE_ZONE_ID, token: settings.CLOUDFLARE_API_TOKEN }),
    );
  }
  return purgers;
}
