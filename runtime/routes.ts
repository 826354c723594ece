// Matching request paths against page routes: "/seccion/:section/" captures a segment,
// "/rss/category/:section*/" one or more ("economia/opinion"), "*" the rest, and a route whose last
// segment is a file name ("/robots.txt") matches exactly that path. Static routes win over
// parameterised ones, and fewer parameters over more. A route the caller does not accept now (a page
// outside its publication window) is passed over for the next one that matches.

export interface CompiledRoute<T> {
  route: string;
  value: T;
  regex: RegExp;
  params: string[];
  rank: number;
  /** The route names a file ("/robots.txt"): it matches its path exactly, with no trailing slash. */
  file: boolean;
}

/** True for a route whose last segment is a file name, e.g. "/robots.txt" or "/sitemap.xml". */
export function isFileRoute(route: string): boolean {
  return /\/[^/:*]+\.[a-z0-9]+$/i.test(route);
}

function compileRoute<T>(route: string, value: T, behind: boolean): CompiledRoute<T> {
  const params: string[] = [];
  let segmentsParams = 0;
  const pattern = route
    .split("/")
    .map((segment) => {
      if (segment === "*") return (params.push("*"), "(.*)");
      if (segment.startsWith(":") && segment.endsWith("*")) return (params.push(segment.slice(1, -1)), segmentsParams++, "(.+)");
      if (segment.startsWith(":")) return (params.push(segment.slice(1)), "([^/]+)");
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  // Rank: static segments first; each parameter, more so one of several segments and most a splat, lowers priority.
  // A route added `behind` comes after every other of its kind (less than one parameter's worth).
  const rank = params.length * 10 + segmentsParams * 100 + (params.includes("*") ? 1000 : 0) - route.length / 1000 + (behind ? 5 : 0);
  return { route, value, regex: new RegExp(`^${pattern}$`), params, rank, file: isFileRoute(route) };
}

export class RouteTable<T> {
  private routes: CompiledRoute<T>[] = [];

  /**
   * `behind`: after every route of its kind, e.g. a group page behind a brand's own page for the same
   * route, which it answers for while that one is outside its window.
   */
  add(route: string, value: T, behind = false): void {
    this.routes.push(compileRoute(route, value, behind));
    this.routes.sort((a, b) => a.rank - b.rank);
  }

  /**
   * The best route for a path (compared with a trailing slash, but for file routes) whose value is
   * accepted, and its decoded parameters.
   */
  match(path: string, accept?: (value: T) => boolean): { value: T; params: Record<string, string>; route: string } | undefined {
    const withSlash = path.endsWith("/") ? path : path + "/";
    for (const route of this.routes) {
      const m = route.regex.exec(route.file ? path : withSlash);
      if (!m || (accept && !accept(route.value))) continue;
      const params: Record<string, string> = {};
      try {
        route.params.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
      } catch {
        return undefined; // malformed percent-encoding: no page matches
      }
      return { value: route.value, params, route: route.route };
    }
    return undefined;
  }
}
