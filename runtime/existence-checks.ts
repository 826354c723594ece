// A page's route parameters checked before it is resolved (docs/decisions/0008-route-parameter-checks.md):
// each declared existence check is one cached fetch, all of them at once.
import { fetchContent, type ResolveOptions } from "./content-fetch";
import type { PageContext, PageDefinition } from "./types";

export type ParamsVerdict = { status: "exist" } | { status: "missing"; param: string } | { status: "unknown"; param: string; error?: string };

/**
 * Runs the page's declared existence checks (its "params") with one cached fetch each, all at once:
 * "missing" names the first parameter that names nothing; "unknown" when a check could not tell
 * (its source failed), so that the caller can still try the page.
 */
export async function checkParams(page: PageDefinition, context: PageContext, options: ResolveOptions): Promise<ParamsVerdict> {
  const checks = Object.entries(page.params ?? {});
  if (checks.length === 0) return { status: "exist" };
  const verdicts = await Promise.all(
    checks.map(async ([param, { mustExist }]): Promise<ParamsVerdict> => {
      const check = options.registry.existenceChecks.get(mustExist);
      const value = context.params[param];
      if (!check || value === undefined) return { status: "unknown", param, error: `comprobación desconocida «${mustExist}»` };
      if (check.valid && !check.valid(value, context)) return { status: "missing", param };
      const outcome = await fetchContent(check.fetch(value, context), options);
      if (!outcome.ok) return { status: "unknown", param, error: outcome.error };
      return check.exists(outcome.value) ? { status: "exist" } : { status: "missing", param };
    }),
  );
  return verdicts.find((v) => v.status === "missing") ?? verdicts.find((v) => v.status === "unknown") ?? { status: "exist" };
}
