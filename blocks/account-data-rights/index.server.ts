import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";

export interface Data {
  /** The requested path: the navigation of a page of its own marks it as current. */
  path: string;
}

/** The data rights render in the browser against the accounts API; the server passes only the path. */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => ({ path: context.path }),
});
