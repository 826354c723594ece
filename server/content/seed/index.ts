// The deterministic seed corpus: realistic Colombian Spanish content for the six brands, every
// section of brands/sections.ts filled. Same seed and same `now` give byte-identical output.
import { brandIds, type BrandId } from "../../../domain/brands";
import type { SeedCorpus } from "../corpus";
import { generateAuthors, toAuthorRecord, type Author } from "./authors";
import { buildCandidates } from "./candidates";
import { buildDocument, buildEditions, planBrand, type BodyContext, type DocPlan, type GenerationContext } from "./documents";
import type { LinkTarget } from "./elements";
import { appendedDocuments, appendedReads } from "./appended";
import { Random } from "./random";
import { addedReads, collectionRecords, navigationRecords, readCounts, sectionRecords } from "./site";

export { NEWSROOM_BYLINE_CUTOFF, FIRST_PRINT_YEAR } from "./documents";

/** The reference date of the default corpus: content does not change from one start to the next. */
export const DEFAULT_NOW = new Date("2026-11-21T17:00:00.000Z");
const DEFAULT_SEED = 20261121;

export interface GenerateCorpusOptions {
  /** PRNG seed (default DEFAULT_SEED). */
  seed?: number;
  /** Dates are spread back from here (default DEFAULT_NOW). */
  now?: Date;
  /** Multiplies the number of documents per section (default 1: about 3,600 documents). Every section keeps at least one. */
  scale?: number;
}

function linkPicker(plans: DocPlan[]): BodyContext["related"] {
  const bySection = new Map<string, DocPlan[]>();
  const byBrand = new Map<BrandId, DocPlan[]>();
  for (const plan of plans) {
    const key = `${plan.brand}:${plan.section.id}`;
    if (!bySection.has(key)) bySection.set(key, []);
    bySection.get(key)!.push(plan);
    if (!byBrand.has(plan.brand)) byBrand.set(plan.brand, []);
    byBrand.get(plan.brand)!.push(plan);
  }
  const target = (plan: DocPlan): LinkTarget => ({ url: plan.url, headline: plan.headline, imageName: plan.promoImage });
  return (plan, count) => {
    const own = (bySection.get(`${plan.brand}:${plan.section.id}`) ?? []).filter((other) => other !== plan);
    const pool = own.length >= count ? own : own.concat((byBrand.get(plan.brand) ?? []).filter((other) => other !== plan && !own.includes(other)));
    return plan.r.sample(pool, count).map(target);
  };
}

function redirectTo(plan: DocPlan, plans: DocPlan[]): DocPlan | undefined {
  const candidates = plans.filter((other) => other.brand === plan.brand && other !== plan && other.kind === "news" && !other.anchor);
  return candidates.length ? plan.r.pick(candidates) : undefined;
}

export function generateCorpus(options: GenerateCorpusOptions = {}): SeedCorpus {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = (options.now ?? DEFAULT_NOW).getTime();
  const scale = options.scale ?? 1;
  if (!Number.isFinite(now)) throw new Error("generateCorpus: la fecha 'now' no es válida");
  if (!(scale > 0)) throw new Error(`generateCorpus: 'scale' debe ser mayor que 0 (recibido ${scale})`);

  const authors = generateAuthors(seed);
  const ctx: GenerationContext = { seed, now, authors };
  const authorsByRole: Record<string, Author[]> = {};
  for (const author of authors) (authorsByRole[`${author.brand}:${author.kind}`] ??= []).push(author);

  const ids = new Set<string>();
  // Each brand numbers its URLs from 200001.
  const serials = Object.fromEntries(brandIds.map((brand) => [brand, { next: 200_001 }])) as Record<BrandId, { next: number }>;
  const plans = brandIds.flatMap((brand) => planBrand(ctx, brand, scale, ids, serials[brand]));
  const body: BodyContext = { ctx, authors: authorsByRole, related: linkPicker(plans) };
  const redirectRandom = Random.derive(seed, "redirects");

  const documents: any[] = plans.map((plan) => {
    const doc = buildDocument(plan, body);
    if (plan.anchor === "redirect" || (plan.kind === "news" && redirectRandom.chance(0.004))) {
      const target = redirectTo(plan, plans);
      if (target) doc.related_content = { redirect: [{ type: "redirect", version: doc.version, canonical_url: doc.canonical_url, redirect_url: target.url }] };
    }
    return doc;
  });
  documents.push(...buildEditions(ctx, scale, ids));
  // Read counts of the documents above come from one stream: documents added later get theirs from another.
  const reads = readCounts(seed, documents, now);
  const added = brandIds.flatMap((brand) => buildCandidates(brand, { seed, now, scale, ids, newsroom: authorsByRole[`${brand}:newsroom`][0] }));
  documents.push(...added);
  reads.push(...addedReads(seed, added));
  const readMap = new Map(reads.map((entry) => [entry.documentId, entry.count]));
  const navigation = navigationRecords(documents, authors);
  const collections = collectionRecords(documents, readMap);
  // Cases the sections do not generate, after everything else: what came before stays as it was.
  const appended = appendedDocuments({ seed, now, authors, ids, serials });
  return {
    documents: [...documents, ...appended],
    authors: authors.map(toAuthorRecord),
    sections: sectionRecords(),
    navigation,
    collections,
    reads: [...reads, ...appendedReads(seed, appended)],
  };
}
