import { defineBlock } from "../../runtime/define";
import type { Settings } from "./settings";

/** A visually hidden <h1>: pages whose visible blocks have no h1 still get one for search and screen readers. */
export default defineBlock<Settings>({
  type: "seo-title",
  component: ({ settings }) => <h1 className="visually-hidden">{settings.text}</h1>,
});
