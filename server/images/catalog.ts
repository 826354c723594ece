// The catalogue of source images the server generates on first start. The seed corpus only names
// images listed here, so every /images/<name>.jpg URL in the content resolves to a real file.
import { sectionsByBrand } from "../../domain/sections";

/** A visual theme: the colours and the motif of the generated art (one per kind of news). */
export const IMAGE_THEMES = {
  politica: { colors: ["#14213d", "#2b4c7e", "#fca311"], motif: "capitol" },
  nacion: { colors: ["#1b4332", "#2d6a4f", "#ffd166"], motif: "map" },
  justicia: { colors: ["#2b2d42", "#5c677d", "#d4a373"], motif: "scales" },
  economia: { colors: ["#0b3d2e", "#128c7e", "#f4d35e"], motif: "chart" },
  mundo: { colors: ["#03045e", "#0077b6", "#90e0ef"], motif: "globe" },
  deportes: { colors: ["#004b23", "#38b000", "#ffffff"], motif: "ball" },
  tecnologia: { colors: ["#10002b", "#5a189a", "#00f5d4"], motif: "circuit" },
  cultura: { colors: ["#3c096c", "#c9184a", "#ffb703"], motif: "record" },
  entretenimiento: { colors: ["#240046", "#ff006e", "#ffbe0b"], motif: "spotlight" },
  salud: { colors: ["#023e8a", "#48cae4", "#ffffff"], motif: "pulse" },
  educacion: { colors: ["#283618", "#606c38", "#fefae0"], motif: "book" },
  ambiente: { colors: ["#081c15", "#40916c", "#b7e4c7"], motif: "leaves" },
  viajes: { colors: ["#006d77", "#83c5be", "#ffddd2"], motif: "waves" },
  moda: { colors: ["#6d2e46", "#d5b9b2", "#f7e1d7"], motif: "hanger" },
  belleza: { colors: ["#9d4edd", "#ffafcc", "#ffe5ec"], motif: "petals" },
  cocina: { colors: ["#7f4f24", "#dda15e", "#fefae0"], motif: "plate" },
  rural: { colors: ["#386641", "#a7c957", "#f2e8cf"], motif: "hills" },
  foros: { colors: ["#1d3557", "#457b9d", "#e63946"], motif: "podium" },
  video: { colors: ["#0d0d0d", "#3a0ca3", "#f72585"], motif: "play" },
  opinion: { colors: ["#22223b", "#4a4e69", "#f2e9e4"], motif: "quote" },
} as const;

export type ImageTheme = keyof typeof IMAGE_THEMES;
export type MotifName = (typeof IMAGE_THEMES)[ImageTheme]["motif"];
export const imageThemes = Object.keys(IMAGE_THEMES) as ImageTheme[];

const PHOTO_SIZE = { width: 1600, height: 900 } as const;
const COVER_SIZE = { width: 1200, height: 1600 } as const;
const PORTRAIT_SIZE = { width: 800, height: 800 } as const;
const ICON_SIZE = { width: 600, height: 600 } as const;

export const IMAGES_PER_THEME = 5;
const AUTHOR_PHOTO_COUNT = 40;
export const COVER_COUNT = 8;

type SourceImageKind = "photo" | "cover" | "portrait" | "icon";

export interface SourceImageSpec {
  /** File name without extension: only [a-z0-9-_]. */
  name: string;
  kind: SourceImageKind;
  width: number;
  height: number;
  /** Colours and motif for photos; a palette index for the rest. */
  theme?: ImageTheme;
  /** Show icons: the hover variant swaps the colours. */
  hover?: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function themeImageName(theme: ImageTheme, index: number): string {
  return `${theme}-${pad((index % IMAGES_PER_THEME) + 1)}`;
}

export function authorPhotoName(index: number): string {
  return `autor-${pad((index % AUTHOR_PHOTO_COUNT) + 1)}`;
}

export function coverImageName(index: number): string {
  return `portada-${pad((index % COVER_COUNT) + 1)}`;
}

/** The Semana TV programmes (from the brand's sections) whose navigation entries carry icons. */
export const SHOW_SLUGS: string[] = sectionsByBrand.semana
  .filter((section) => section.id.startsWith("/semana-tv/programas/"))
  .map((section) => section.id.slice("/semana-tv/programas/".length));

export function showIconName(showSlug: string, hover = false): string {
  return `programa-${showSlug}${hover ? "-hover" : ""}`;
}

/** The URL under which the server serves a generated image. */
export function imageUrlFor(name: string): string {
  return `/images/${name}.jpg`;
}

function buildCatalogue(): SourceImageSpec[] {
  const specs: SourceImageSpec[] = [];
  for (const theme of imageThemes) {
    for (let i = 0; i < IMAGES_PER_THEME; i++) specs.push({ name: themeImageName(theme, i), kind: "photo", theme, ...PHOTO_SIZE });
  }
  for (let i = 0; i < COVER_COUNT; i++) specs.push({ name: coverImageName(i), kind: "cover", ...COVER_SIZE });
  for (let i = 0; i < AUTHOR_PHOTO_COUNT; i++) specs.push({ name: authorPhotoName(i), kind: "portrait", ...PORTRAIT_SIZE });
  for (const slug of SHOW_SLUGS) {
    specs.push({ name: showIconName(slug), kind: "icon", ...ICON_SIZE });
    specs.push({ name: showIconName(slug, true), kind: "icon", hover: true, ...ICON_SIZE });
  }
  return specs;
}

export const SOURCE_IMAGES: readonly SourceImageSpec[] = buildCatalogue();

const byName = new Map(SOURCE_IMAGES.map((spec) => [spec.name, spec]));

export function sourceImage(name: string): SourceImageSpec | undefined {
  return byName.get(name);
}

/** Name of the generated image an /images/<name>.jpg URL points at (undefined for other URLs). */
export function imageNameFromUrl(url: string): string | undefined {
  const match = /^\/images\/([a-z0-9_-]+)\.jpg(?:\?.*)?$/.exec(url);
  return match?.[1];
}
