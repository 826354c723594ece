// Matching request paths against page routes: "/seccion/:section/" captures a segment, "*" the rest.
// Static routes win over parameterised ones, and fewer parameters over more.

export interface CompiledRoute<T> {
  route: string;
  value: T;
  regex: RegExp;
  params: string[];
  rank: number;
}

export function compileRoute<T>(route: string, value: T): CompiledRoute<T> {
  const params: string[] = [];
  const pattern = route
    .split("/")
    .map((segment) => {
      if (segment === "*") return (params.push("*"), "(.*)");
      if (segment.startsWith(":")) return (params.push(segment.slice(1)), "([^/]+)");
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  // Rank: static segments first; each parameter and especially a splat lowers priority.
  const rank = params.length * 10 + (params.includes("*") ? 1000 : 0) - route.length / 1000;
  return { route, value, regex: new RegExp(`^${pattern}$`), params, rank };
}

export class RouteTable<T> {
  private routes: CompiledRoute<T>[] = [];

  add(route: string, value: T): void {
    this.routes.push(compileRoute(route, value));
    this.routes.sort((a, b) => a.rank - b.rank);
  }

  /** The best route for a path (compared with a trailing slash) and its decoded parameters. */
  match(path: string): { value: T; params: Record<string, string>; route: string } | undefined {
    const withSlash = path.endsWith("/") ? path : path + "/";
    for (const route of this.routes) {
      const m = route.regex.exec(withSlash);
      if (!m) continue;
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
