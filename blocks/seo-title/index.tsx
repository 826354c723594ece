import type { BlockProps } from "../../runtime/types";
import type { Settings } from "./settings";

/**
 * A visually hidden <h1>: pages whose visible blocks have no h1 still get one for search and screen
 * readers. It renders from its settings alone (no server half: data is null).
 */
export default function SeoTitle({ settings }: BlockProps<Settings, null>) {
  return <h1 className="visually-hidden">{settings.text}</h1>;
}
