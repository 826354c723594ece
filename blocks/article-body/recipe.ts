// Structured recipe data (schema.org Recipe) for articles of the recipes section
// (docs/article-pages.md#recipes), built on the server. Ingredients and steps are read from the body:
// the list after a header naming the ingredients, and the list (or the paragraphs) after a header
// naming the preparation.
import { text } from "../../domain/ans";
import { plainText } from "../_shared/sanitize";
import { safeSrc } from "../../domain/urls";

const INGREDIENTS_HEADER = /ingredientes/i;
const STEPS_HEADER = /preparaci[oó]n|instrucciones|procedimiento|paso a paso|pasos/i;

function listItems(list: any): string[] {
  const items = Array.isArray(list?.items) ? list.items : [];
  return items.flatMap((item: any) => (item?.type === "list" ? listItems(item) : [plainText(text(item?.content))])).filter(Boolean);
}

/** The texts of the section after the header matching `heading`: its first list, else its paragraphs. */
function sectionAfter(elements: any[], heading: RegExp): string[] {
  const start = elements.findIndex((e) => e?.type === "header" && heading.test(plainText(text(e.content))));
  if (start < 0) return [];
  const section: any[] = [];
  for (const element of elements.slice(start + 1)) {
    if (element?.type === "header") break;
    section.push(element);
  }
  const list = section.find((e) => e?.type === "list");
  if (list) return listItems(list);
  return section
    .filter((e) => e?.type === "text")
    .map((e) => plainText(text(e.content)))
    .filter(Boolean);
}

export function recipeJsonLd(article: Record<string, any>): Record<string, unknown> {
  const elements = Array.isArray(article.content_elements) ? article.content_elements : [];
  const author = Array.isArray(article.credits?.by) ? text(article.credits.by[0]?.name) : undefined;
  const image = safeSrc(article.promo_items?.basic?.url);
  const tags = Array.isArray(article.taxonomy?.tags) ? article.taxonomy.tags.map((t: any) => text(t?.text)).filter(Boolean) : [];
  const ingredients = sectionAfter(elements, INGREDIENTS_HEADER);
  const steps = sectionAfter(elements, STEPS_HEADER);
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: plainText(text(article.headlines?.basic)),
    description: plainText(text(article.subheadlines?.basic) ?? text(article.description?.basic)) || undefined,
    image: image ? [image] : undefined,
    author: author ? { "@type": "Person", name: author } : undefined,
    datePublished: text(article.publish_date) ?? text(article.display_date),
    keywords: tags.length ? tags.join(", ") : undefined,
    recipeIngredient: ingredients.length ? ingredients : undefined,
    recipeInstructions: steps.length ? steps.map((step) => ({ "@type": "HowToStep", text: step })) : undefined,
  };
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
