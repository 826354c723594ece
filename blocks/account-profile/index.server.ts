import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";

export interface Data {
  /** The requested path (docs/accounts.md#account-routes). */
  path: string;
}

/**
 * /autogestion/perfil/ (and /perfil/, the regional daily's address) renders in the browser against
 * the accounts API, the same HTML for every reader; the server passes only the path its navigation
 * marks as current.
 */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => ({ path: context.path }),
});
