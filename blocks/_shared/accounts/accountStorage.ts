// What the debug page shows and clears (docs/accounts.md#debug-page): the SDK's records in both
// storages. Apart from identity.ts, which every page loads, so that only the debug page carries it.
import { browserStorages, SDK_STORAGE_PREFIX } from "./identity";

/** The identity and profile records the SDK keeps in either storage (the debug page shows them). */
export function storedAccountRecords(): Array<{ storage: "localStorage" | "sessionStorage"; key: string; value: unknown }> {
  const { local, session } = browserStorages();
  const records: Array<{ storage: "localStorage" | "sessionStorage"; key: string; value: unknown }> = [];
  for (const [name, storage] of [
    ["localStorage", local],
    ["sessionStorage", session],
  ] as const) {
    if (!storage) continue;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith(SDK_STORAGE_PREFIX)) continue;
      const raw = storage.getItem(key);
      let value: unknown = raw;
      try {
        value = raw === null ? null : JSON.parse(raw);
      } catch {
        // not JSON: shown as the text it is
      }
      records.push({ storage: name, key, value });
    }
  }
  return records.sort((a, b) => a.storage.localeCompare(b.storage) || a.key.localeCompare(b.key));
}

/** The debug page's button: clears both storages (docs/accounts.md#debug-page). */
export function clearAccountStorages(): void {
  const { local, session } = browserStorages();
  local?.clear();
  session?.clear();
}
