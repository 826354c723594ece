import { defineBlockServer } from "../../runtime/define";
import type { OutputBlockData } from "../../domain/outputs";
import type { Settings } from "./settings";

type Data = Required<Pick<OutputBlockData, "robots">>;

/** The rules of the brand's robots.txt, from the editor's settings. */
export default defineBlockServer<Settings, Data>({
  outputTypes: ["robots"],
  transform: (_answers, settings) => ({ robots: { disallow: settings.disallow ?? [], sitemaps: settings.sitemaps ?? [] } }),
  isEmpty: () => false,
});
