// Google's documented requirements for the rich results of news pages, as checks on JSON-LD objects:
// what the article pages' structured data must satisfy (docs/article-pages.md#structured-data).
// Sources: developers.google.com/search/docs/appearance/structured-data — article (recommended:
// headline, image, datePublished, dateModified, author with name; publisher for Top stories),
// paywalled-content (isAccessibleForFree false with hasPart WebPageElement and a class cssSelector),
// video (required: name, thumbnailUrl, uploadDate; contentUrl or embedUrl), breadcrumb (required:
// itemListElement of ListItem with position and name, item on all but the last), and the live
// blog badge (required: coverageStartTime, coverageEndTime, headline, liveBlogUpdate with headline
// and datePublished). Every property name must also be one schema.org defines for its object's type
// (./schema-org.ts, with its source).
import { vocabularyProblems } from "./schema-org";

type Json = Record<string, any>;

const ARTICLE_TYPES = ["NewsArticle", "ReportageNewsArticle", "OpinionNewsArticle", "LiveBlogPosting", "BlogPosting", "Article"];

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const isAbsoluteUrl = (value: unknown) => typeof value === "string" && /^https?:\/\/[^/\s]+/.test(value);
const isText = (value: unknown) => typeof value === "string" && value.trim() !== "";
const list = (value: unknown): any[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

function articleProblems(o: Json, where: string): string[] {
  const problems: string[] = [];
  if (!isText(o.headline)) problems.push(`${where}: falta headline`);
  else if (o.headline.length > 110) problems.push(`${where}: headline de más de 110 caracteres`);
  const images = list(o.image);
  if (!images.length) problems.push(`${where}: falta image`);
  for (const image of images) if (!isAbsoluteUrl(typeof image === "string" ? image : image?.url)) problems.push(`${where}: image no es una URL absoluta`);
  if (!ISO_INSTANT.test(o.datePublished ?? "")) problems.push(`${where}: datePublished no es ISO 8601 con zona`);
  if (o.dateModified !== undefined && !ISO_INSTANT.test(o.dateModified)) problems.push(`${where}: dateModified no es ISO 8601 con zona`);
  const authors = list(o.author);
  if (!authors.length) problems.push(`${where}: falta author`);
  for (const author of authors) {
    if (!["Person", "Organization", "NewsMediaOrganization"].includes(author?.["@type"])) problems.push(`${where}: author sin @type Person u Organization`);
    if (!isText(author?.name)) problems.push(`${where}: author sin name`);
    if (author?.url !== undefined && !isAbsoluteUrl(author.url)) problems.push(`${where}: author.url no es absoluta`);
  }
  const publisher = o.publisher;
  if (!isText(publisher?.name)) problems.push(`${where}: publisher sin name`);
  if (!isAbsoluteUrl(publisher?.logo?.url)) problems.push(`${where}: publisher.logo sin URL absoluta`);
  if (o.isAccessibleForFree === false) {
    const parts = list(o.hasPart);
    const locked = parts.find((part) => part?.["@type"] === "WebPageElement" && part.isAccessibleForFree === false);
    if (!locked) problems.push(`${where}: isAccessibleForFree false sin hasPart WebPageElement isAccessibleForFree false`);
    else if (!/^\.[A-Za-z_-][\w-]*$/.test(locked.cssSelector ?? "")) problems.push(`${where}: hasPart.cssSelector no es una clase`);
    if (o.articleBody !== undefined) problems.push(`${where}: articleBody en un artículo de pago`);
  } else if (o.isAccessibleForFree !== true) problems.push(`${where}: falta isAccessibleForFree`);
  if (o["@type"] === "LiveBlogPosting") {
    if (!ISO_INSTANT.test(o.coverageStartTime ?? "")) problems.push(`${where}: falta coverageStartTime`);
    if (!ISO_INSTANT.test(o.coverageEndTime ?? "")) problems.push(`${where}: falta coverageEndTime`);
    if (o.coverageStartTime && o.coverageEndTime && Date.parse(o.coverageStartTime) > Date.parse(o.coverageEndTime))
      problems.push(`${where}: la cobertura termina antes de empezar`);
    for (const [i, update] of list(o.liveBlogUpdate).entries()) {
      if (update?.["@type"] !== "BlogPosting") problems.push(`${where}: liveBlogUpdate[${i}] no es BlogPosting`);
      if (!isText(update?.headline)) problems.push(`${where}: liveBlogUpdate[${i}] sin headline`);
      if (!ISO_INSTANT.test(update?.datePublished ?? "")) problems.push(`${where}: liveBlogUpdate[${i}] sin datePublished`);
    }
  }
  return problems;
}

function videoProblems(o: Json, where: string): string[] {
  const problems: string[] = [];
  if (!isText(o.name)) problems.push(`${where}: falta name`);
  const thumbnails = list(o.thumbnailUrl);
  if (!thumbnails.length || !thumbnails.every(isAbsoluteUrl)) problems.push(`${where}: thumbnailUrl falta o no es absoluta`);
  if (!ISO_INSTANT.test(o.uploadDate ?? "")) problems.push(`${where}: uploadDate no es ISO 8601 con zona`);
  if (o.duration !== undefined && !ISO_DURATION.test(o.duration)) problems.push(`${where}: duration no es una duración ISO 8601`);
  if (!isAbsoluteUrl(o.contentUrl) && !isAbsoluteUrl(o.embedUrl)) problems.push(`${where}: ni contentUrl ni embedUrl`);
  return problems;
}

function breadcrumbProblems(o: Json, where: string): string[] {
  const problems: string[] = [];
  const items = list(o.itemListElement);
  if (!items.length) problems.push(`${where}: itemListElement vacío`);
  items.forEach((item, i) => {
    if (item?.["@type"] !== "ListItem") problems.push(`${where}: elemento ${i + 1} no es ListItem`);
    if (item?.position !== i + 1) problems.push(`${where}: position ${item?.position} en el lugar ${i + 1}`);
    if (!isText(item?.name)) problems.push(`${where}: elemento ${i + 1} sin name`);
    if (i < items.length - 1 && !isAbsoluteUrl(item?.item)) problems.push(`${where}: elemento ${i + 1} sin item absoluto`);
  });
  return problems;
}

/** What Google would object to in one JSON-LD object (empty when it is fine). */
export function structuredDataProblems(object: Json): string[] {
  const type = object?.["@type"];
  const where = String(type);
  const problems: string[] = [];
  if (object?.["@context"] !== "https://schema.org") problems.push(`${where}: @context no es https://schema.org`);
  if (ARTICLE_TYPES.includes(type)) problems.push(...articleProblems(object, where));
  else if (type === "VideoObject") problems.push(...videoProblems(object, where));
  else if (type === "BreadcrumbList") problems.push(...breadcrumbProblems(object, where));
  else if (type !== "Recipe") problems.push(`${where}: tipo inesperado`);
  problems.push(...vocabularyProblems(object));
  return problems;
}

/** The JSON-LD objects of an HTML page (its application/ld+json scripts, parsed). */
export function jsonLdOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => list(JSON.parse(match[1])));
}
