// Redirect pages (docs/decisions/0022-redirect-pages.md): a page definition whose "redirect" sends
// the reader to its URL, with the route's parameters filled in and the request's query string kept.
import type { PageRedirect } from "./types";

/** `{name}` in a redirect URL: the value of the route parameter `name`. */
const PARAMETER = /\{([a-zA-Z]+)\}/g;

/** The route parameters a redirect URL names. */
export function redirectParameters(url: string): string[] {
  return [...url.matchAll(PARAMETER)].map((match) => match[1]);
}

/** The status of a redirect page's answer: 301 unless it says it is not permanent. */
export function redirectStatus(redirect: PageRedirect): 301 | 302 {
  return redirect.permanent === false ? 302 : 301;
}

/**
 * Where a redirect page sends the reader: its URL with each {param} replaced by the route parameter,
 * percent-encoded (a value never adds a segment, a host or a query of its own), then the request's
 * query string (`search`, as "?a=1" or "") after the URL's own query and before its fragment.
 */
export function redirectLocation(redirect: PageRedirect, params: Record<string, string>, search: string): string {
  const filled = redirect.url.replace(PARAMETER, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const query = search.replace(/^\?/, "");
  if (!query) return filled;
  const at = filled.indexOf("#");
  const [base, fragment] = at < 0 ? [filled, ""] : [filled.slice(0, at), filled.slice(at)];
  const joiner = !base.includes("?") ? "?" : /[?&]$/.test(base) ? "" : "&";
  return `${base}${joiner}${query}${fragment}`;
}
