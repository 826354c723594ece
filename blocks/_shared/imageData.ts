// An article image as the article blocks send it to the browser (docs/article-pages.md#article-image):
// read from an ANS image object on the server, reduced to what the image component renders. No
// React here: the blocks' server halves import it.
import { safeSrc } from "../../domain/urls";

/** Credits whose name is this template placeholder are shown as an empty label (docs/article-pages.md#image-credits). */
const CREDIT_PLACEHOLDER = "{name}";
const CREDIT_SEPARATOR = " | Foto: ";

export interface ImageData {
  url: string;
  /** The image's own alt text, only when it has one that is not its caption (the caption is the alt text otherwise). */
  alt?: string;
  /** The caption (ANS caption, else subtitle), as written. */
  caption?: string;
  /** The ANS subtitle (the photo's own title) when there is a caption too: galleries show both. */
  subtitle?: string;
  /** The credited names joined by ", " (photographers, then agencies), placeholders dropped. */
  credit?: string;
  width?: number;
  height?: number;
}

function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((credit) => {
    const name = typeof credit?.name === "string" ? credit.name : typeof credit?.byline === "string" ? credit.byline : "";
    return name.trim() === CREDIT_PLACEHOLDER ? "" : name.trim();
  });
}

/**
 * The credited names of an image (photographers, then agencies), placeholders emptied and dropped,
 * each name once: an agency credited as both author and affiliation reads "Foto: EFE", not "EFE, EFE"
 * (compared without case, accents or spacing).
 */
function creditNames(credits: unknown): string[] {
  const value = credits as { by?: unknown; affiliation?: unknown } | undefined;
  const seen = new Set<string>();
  return [...names(value?.by), ...names(value?.affiliation)].filter((name) => {
    if (name === "") return false;
    const key = name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/\s+/g, " ")
      .toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The credit of ANS `credits`: the names joined by ", ", or undefined when nobody is credited. */
export function creditText(credits: unknown): string | undefined {
  const credited = creditNames(credits);
  return credited.length ? credited.join(", ") : undefined;
}

/** "caption | Foto: Ana Pérez, Colprensa"; just the caption when nobody is credited (docs/article-pages.md#article-image). */
export function creditLine(caption: string | undefined, credit: string | undefined): string {
  const text = (caption ?? "").trim();
  if (!credit) return text;
  return text ? `${text}${CREDIT_SEPARATOR}${credit}` : `Foto: ${credit}`;
}

const str = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
const size = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);

/**
 * An ANS image object (promo_items.basic, an image content element, a gallery image) as ImageData;
 * undefined when it has no url (nothing is shown then).
 */
export function imageData(image: unknown): ImageData | undefined {
  if (!image || typeof image !== "object") return undefined;
  const source = image as Record<string, unknown>;
  const url = safeSrc(source.url);
  if (!url) return undefined;
  const subtitle = str(source.subtitle);
  const caption = str(source.caption) ?? subtitle;
  const alt = str(source.alt_text);
  const data: ImageData = { url };
  if (alt !== undefined && alt !== caption) data.alt = alt;
  if (caption !== undefined) data.caption = caption;
  if (subtitle !== undefined && subtitle !== caption) data.subtitle = subtitle;
  const credit = creditText(source.credits);
  if (credit !== undefined) data.credit = credit;
  const width = size(source.width);
  const height = size(source.height);
  if (width !== undefined) data.width = width;
  if (height !== undefined) data.height = height;
  return data;
}
