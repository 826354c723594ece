// The root route's loader: the brand of the host and its theme. A .server module, so that the six
// brands' configuration stays out of the browser bundle.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { brandForHost, themeCss } from "../../brands";
import { loadContext } from "./load-context";

export function rootLoader({ context }: LoaderFunctionArgs) {
  const brand = brandForHost(loadContext(context).host);
  return { brand: brand.id, themeCss: themeCss(brand.theme) };
}
