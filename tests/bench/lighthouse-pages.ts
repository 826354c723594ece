// The pages Lighthouse measures (npm run lighthouse), chosen from the seed corpus the server seeds:
// per brand the home, a section page, a free default article, a gallery, a live blog and a video
// page, those the brand has. The page-images integration test checks the same pages.
import fs from "node:fs";
import path from "node:path";
import { sectionIds } from "../../domain/ans";
import { brandIds, type BrandId } from "../../domain/brands";
import { sectionFromUrl } from "../../domain/sections";
import { chooseTemplate, layoutRulesSchema } from "../../domain/layout-rules";
import { freeForEverybody } from "../../accounts/entitlement";
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";

export const PAGE_KINDS = ["home", "section", "article", "gallery", "live", "video"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** The path of a brand's section page for `section` (its page definition with a `:section` route). */
function sectionPagePath(brand: BrandId, section: string): string | undefined {
  const dir = path.join("page-definitions", brand);
  const routes = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")).route as string | undefined);
  const route = routes.find((candidate) => candidate?.includes(":section"));
  const pathname = route?.replace(":section", section.split("/").pop()!);
  return pathname && sectionFromUrl(brand, pathname) === section ? pathname : undefined;
}

/** Per brand, the path of each kind of page the corpus has (with a lead image, not paywalled). */
export function seededPages(corpus: SeedCorpus = generateCorpus()): Map<BrandId, Partial<Record<PageKind, string>>> {
  const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync("page-definitions/layout-rules.json", "utf8")));
  const documents = corpus.documents.filter(
    (d) =>
      typeof d.canonical_url === "string" &&
      !d.related_content?.redirect?.length &&
      d.promo_items?.basic?.url &&
      freeForEverybody(d.content_restrictions?.content_code, sectionIds(d)),
  );
  const pages = new Map<BrandId, Partial<Record<PageKind, string>>>();
  for (const brand of brandIds) {
    const own = documents.filter((d) => d.canonical_website === brand);
    const withTemplate = (template: string, type?: string) => own.find((d) => chooseTemplate(rules, d) === template && (!type || d.type === type));
    // A story whose section has a section page.
    const article = own.find(
      (d) => d.type === "story" && chooseTemplate(rules, d) === "article-default" && sectionPagePath(brand, d.taxonomy?.primary_section?._id ?? ""),
    );
    const gallery = withTemplate("article-gallery", "gallery") ?? withTemplate("article-gallery");
    const live = withTemplate("article-live");
    const video = withTemplate("article-video", "video") ?? withTemplate("article-video") ?? own.find((d) => d.type === "video");
    pages.set(brand, {
      home: "/",
      ...(article ? { section: sectionPagePath(brand, article.taxonomy.primary_section._id), article: article.canonical_url } : {}),
      ...(gallery ? { gallery: gallery.canonical_url } : {}),
      ...(live ? { live: live.canonical_url } : {}),
      ...(video ? { video: video.canonical_url } : {}),
    });
  }
  return pages;
}
