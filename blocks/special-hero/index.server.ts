import { getBrand } from "../../brands";
import { asDocument } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import { imageData, type ImageData } from "../_shared/imageData";
import type { Settings } from "./settings";

export interface Data {
  /** The product's name: the brand's. */
  product: string;
  image?: ImageData;
}

/** The special report's full-screen header (docs/article-pages.md#layouts); null without an article. */
function specialHeroData(value: unknown, brand: string): Data | null {
  const article = asDocument(value);
  if (!article) return null;
  const image = imageData(article.promo_items?.basic);
  return { product: getBrand(brand).displayName, ...(image ? { image } : {}) };
}

export default defineBlockServer<Settings, Data | null>({
  transform: (_raw, _settings, context) => specialHeroData(context.article, context.brand),
  isEmpty: (data) => data === null,
});
