// The block registry: one line per block folder. `npm run new:block <name>` adds the line.
import type { BlockDefinition } from "../runtime/types";
import message from "./message";
import seoTitle from "./seo-title";
import siteFooter from "./site-footer";
import siteHeader from "./site-header";

export const blocks: BlockDefinition[] = [
  message,
  seoTitle,
  siteFooter,
  siteHeader,
];
