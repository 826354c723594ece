import { getBrand } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import { brandPublisher, type BrandPublisher } from "../_shared/brandChrome";
import type { Settings } from "./settings";

export type Data = BrandPublisher;

/** The newsletter or data-consent form (docs/carousels-and-blocks.md#newsletter): the brand and the company it names; it fetches nothing. */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => brandPublisher(getBrand(context.brand)),
  isEmpty: () => false,
});
