import { defineBlockServer } from "../../runtime/define";
import { sitemapMonthParts, type OutputBlockData } from "../../domain/outputs";
import type { Settings } from "./settings";

type Data = Required<Pick<OutputBlockData, "sitemaps">>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DEFAULT_MONTH_PATH = "/arc/outboundfeeds/sitemap/{month}/?outputType=xml";

/** The sitemaps of a sitemap index: one per month with published content, oldest first, then the fixed ones. */
export default defineBlockServer<Settings, Data>({
  outputTypes: ["sitemap-index"],
  fetch: (_settings, context) => ({ months: { source: "published-months", query: { website: context.brand } } }),
  transform: (answers, settings) => {
    const months = (answers.months as { months?: Array<{ month?: unknown; count?: unknown; lastmod?: unknown }> } | null)?.months ?? [];
    const pattern = settings.monthPath ?? DEFAULT_MONTH_PATH;
    // A month with more documents than a sitemap may list gets one sitemap per part ("2026-03-2" …).
    const sitemaps: Data["sitemaps"] = months
      .filter((month) => typeof month.month === "string" && MONTH.test(month.month) && typeof month.count === "number" && month.count > 0)
      .flatMap((month) =>
        sitemapMonthParts(month.month as string, month.count as number).map((part) => ({
          path: pattern.replace("{month}", part),
          ...(typeof month.lastmod === "string" && !Number.isNaN(Date.parse(month.lastmod)) ? { lastmod: month.lastmod } : {}),
        })),
      );
    for (const path of settings.sitemaps ?? []) sitemaps.push({ path });
    return { sitemaps };
  },
  isEmpty: (data) => data.sitemaps.length === 0,
});
