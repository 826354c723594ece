// The origin of the site's own absolute links (the canonical link, structured data, share links):
// the one the page was served at (PageContext.origin), so that they all name one host; the brand's
// public origin (https://www.semana.com) where no request says it (tests, tools).
import { getBrand } from "../../brands";

function publicOrigin(brand: string): string {
  const hosts = getBrand(brand).hosts;
  return `https://${hosts.find((host) => host.startsWith("www.")) ?? hosts[hosts.length - 1]}`;
}

/** The origin a page's absolute links to the site name: the request's, else the brand's public one. */
export function pageOrigin(context: { brand: string; origin?: string }): string {
  return context.origin ?? publicOrigin(context.brand);
}
