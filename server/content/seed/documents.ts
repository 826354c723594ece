// The documents of the corpus. Generation runs in two phases: first every document's plan (id,
// URL, headline, dates, promo image) so that bodies can link to any other document; then each body,
// by kind (news, column, gallery, video, live blog, recipe, print edition...).
import { documentFor, documentUrl } from "../../documents/catalog";
import { slugify } from "../../../domain/slugs";
import { sectionsByBrand, type SectionInfo } from "../../../domain/sections";
import { type BrandId } from "../../../domain/brands";
import { COVER_COUNT, coverImageName, imageThemes, themeImageName, IMAGES_PER_THEME, type ImageTheme } from "../../images/catalog";
import { creditOf, type Author } from "./authors";
import { ANS_VERSION, ElementMaker, ID_ALPHABET, escapeAttribute, youtubeId, youtubeIframe, type Credit, type LinkTarget } from "./elements";
import { BRAND_PROFILES, brandSections, type DocKind, type SectionProfile } from "./profiles";
import { Random } from "./random";
import { RECIPES } from "./recipes";
import { Composer, capitalizeSentences, shortenSlug } from "./text";
import {
  CLOSING_SENTENCES,
  COLUMN_TEMPLATES,
  CONNECTABLE_FIRST_WORDS,
  CONNECTORS,
  EDITION_COVERS,
  GALLERY_TEMPLATES,
  SHARED_PARAGRAPHS,
  topic as topicById,
  type Topic,
} from "./topics";
import { CANDIDATES } from "./topics-news";
import { SHARED_POOLS, personName } from "./vocabulary";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** docs/article-pages.md#byline (rule 1): an empty byline before this date shows the newsroom. */
export const NEWSROOM_BYLINE_CUTOFF = Date.parse("2025-01-27T05:00:00.000Z");
/** Documents other than print editions spread over this many days before `now`. */
const SPREAD_DAYS = 730;
export const FIRST_PRINT_YEAR = 2000;
/** Semana's issue numbering: weekly since May 1982. */
const FIRST_ISSUE_DATE = Date.UTC(1982, 4, 16);

type DocType = "story" | "gallery" | "video";
type BylineCase = "empty" | "redaccion" | "por" | "plain";

/** Forced features of the first documents of a brand's anchor section, so every case exists at any scale. */
type Anchor = "showcase" | "newsroom-old" | "redaccion" | "por" | "redirect";
const ANCHORS: Anchor[] = ["showcase", "newsroom-old", "redaccion", "por", "redirect"];

export interface GenerationContext {
  seed: number;
  now: number;
  authors: Author[];
}

interface Dates {
  created: number;
  firstPublish: number;
  publish: number;
  updated: number;
}

/** Phase 1: what other documents may know about a document before its body exists. */
export interface DocPlan {
  brand: BrandId;
  section: SectionInfo;
  profile: SectionProfile;
  kind: DocKind;
  index: number;
  r: Random;
  composer: Composer;
  topic: Topic;
  id: string;
  type: DocType;
  subtype?: string;
  headline: string;
  subheadline: string;
  url: string;
  dates: Dates;
  theme: ImageTheme;
  promoImage?: string;
  anchor?: Anchor;
  /** Kind-specific choices made in phase 1 (recipe, gallery subject...). */
  extra: Record<string, any>;
}

// ---------------------------------------------------------------------------------------------
// Helpers

export const iso = (ms: number) => new Date(ms).toISOString();

/** Bogotá is UTC-5 all year. */
function bogotaParts(ms: number) {
  const local = new Date(ms - 5 * HOUR);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate(), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** "9:05 a. m." in Bogotá time: the live-blog entry prefix of docs/article-pages.md#live-blog. */
function liveTimeLabel(ms: number): string {
  const { hour, minute } = bogotaParts(ms);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "a. m." : "p. m."}`;
}

const longDate = new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "America/Bogota" });

function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function documentId(seed: number, key: string, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const id = Random.derive(seed, `id:${key}:${attempt}`).chars(ID_ALPHABET, 26);
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

export function themeImage(r: Random, theme: ImageTheme): string {
  return themeImageName(theme, r.int(0, IMAGES_PER_THEME - 1));
}

export function sectionRef(brand: BrandId, id: string) {
  const info = sectionsByBrand[brand].find((section) => section.id === id);
  return { _id: id, type: "section", version: ANS_VERSION, name: info?.name ?? id, path: id, _website: brand };
}

/** The section, then its ancestors that are sections of the brand (so /economia lists /economia/opinion too). */
function sectionChain(brand: BrandId, id: string): string[] {
  const ids = new Set(sectionsByBrand[brand].map((section) => section.id));
  const chain = [id];
  let path = id;
  while (path.lastIndexOf("/") > 0) {
    path = path.slice(0, path.lastIndexOf("/"));
    if (ids.has(path)) chain.push(path);
  }
  return chain;
}

function tag(text: string) {
  const slug = slugify(text);
  return { _id: slug, type: "tag", text, slug };
}

const EMPTY_TAG = { _id: "etiqueta-sin-nombre", type: "tag", text: "", slug: "etiqueta-sin-nombre" };

export const PATH_SEGMENT: Record<DocType, string> = { story: "articulo", gallery: "galeria", video: "multimedia" };

const LIVE_TITLES: Record<string, string[]> = {
  politica: ["En vivo | Debate de {tema} en el Senado, minuto a minuto", "En vivo | Así avanza la votación de {tema} en la plenaria"],
  elecciones: ["En vivo | Elecciones: minuto a minuto de la jornada electoral", "En vivo | Resultados de {tema}: boletines y reacciones"],
  nacion: ["En vivo | Paro camionero: así están las vías del país", "En vivo | Emergencia por lluvias en {departamento}: última hora"],
  deportes: ["En vivo | Colombia vs. {rival}: siga el minuto a minuto", "En vivo | Colombia vs. {rival}, partido de eliminatorias"],
  economia: ["En vivo | Junta del Banco de la República: decisión sobre las tasas de interés"],
  mundo: ["En vivo | Elecciones en {pais}: resultados y reacciones"],
};

const CARTOON_TITLES = [
  "El pupitrazo",
  "La cuenta de cobro",
  "Reforma a la carrera",
  "El dólar en montaña rusa",
  "Promesas de campaña",
  "El hueco fiscal",
  "Trancón legislativo",
  "La mermelada",
  "Diálogo de sordos",
  "El presupuesto en la cuerda floja",
  "La silla vacía",
  "Cambio de libreto",
  "El gallinero",
  "Paños de agua tibia",
  "La foto de familia",
  "Borrón y cuenta nueva",
  "El que pestañea pierde",
  "Salvavidas de plomo",
  "La letra menuda",
  "A río revuelto",
  "El palo en la rueda",
  "Más de lo mismo",
  "La papa caliente",
  "Con el agua al cuello",
  "El elefante en la sala",
  "Puerta giratoria",
];

const RECIPE_ANGLES = [
  "el paso a paso para prepararla en casa",
  "así se prepara la versión tradicional",
  "los secretos de las cocineras de la región",
  "una receta fácil para el fin de semana",
];

const PHOTO_AGENCIES = ["AFP", "EFE", "Colprensa", "Getty Images", "Reuters", "AP"];

// ---------------------------------------------------------------------------------------------
// Phase 1: plans

/** Age (ms before `now`) of each document of a section: the first within its freshness, then spread over two years, denser recently. */
function sectionAges(r: Random, count: number, freshHours: number): number[] {
  const span = SPREAD_DAYS * DAY;
  return Array.from({ length: count }, (_, i) => {
    if (i === 0) return r.float(0.05, 1) * freshHours * HOUR;
    const t = (i + r.next()) / count;
    return freshHours * HOUR + (span - freshHours * HOUR) * Math.pow(t, 1.7);
  });
}

/** Publication dates from an age, moved out of the small hours for anything older than a day. */
function datesFor(r: Random, now: number, ageMs: number): Dates {
  let firstPublish = now - ageMs;
  const { hour } = bogotaParts(firstPublish);
  if (ageMs > DAY && hour < 6) firstPublish -= (hour + 1) * HOUR;
  const publish = Math.min(now, firstPublish + (r.chance(0.3) ? r.int(5, 240) * 60_000 : 0));
  return {
    created: firstPublish - r.int(10, 300) * 60_000,
    firstPublish,
    publish,
    updated: Math.min(now, publish + r.int(0, 30) * 60_000),
  };
}

function documentCount(profile: SectionProfile, scale: number, isAnchorSection: boolean): number {
  const count = Math.max(1, Math.round(profile.count * scale));
  return isAnchorSection ? Math.max(count, ANCHORS.length + 1) : count;
}

function docTypeFor(r: Random, profile: SectionProfile): DocType {
  if (profile.kind === "video") return r.chance(profile.videoShare ?? 0.6) ? "video" : "story";
  if (profile.kind === "gallery") return r.chance(0.5) ? "gallery" : "story";
  return "story";
}

function planHeadlines(plan: Omit<DocPlan, "headline" | "subheadline" | "url">): { headline: string; subheadline: string } {
  const { r, composer, topic, kind, profile, extra } = plan;
  const fill = (templates: readonly string[]) => composer.fill(r.pick(templates));
  switch (kind) {
    case "opinion": {
      const style = COLUMN_TEMPLATES[profile.columnStyle ?? "analysis"];
      return { headline: fill(style.headlines), subheadline: fill(topic.subheadlines) };
    }
    case "gallery": {
      const subjects = GALLERY_TEMPLATES.subjects[extra.gallerySubtype as keyof typeof GALLERY_TEMPLATES.subjects] ?? GALLERY_TEMPLATES.subjects.actualidad;
      composer.bind(
        "titulo",
        composer.fill(r.pick(subjects)).replace(/^./, (c) => c.toLowerCase()),
      );
      return { headline: fill(GALLERY_TEMPLATES.headlines), subheadline: fill(topic.subheadlines) };
    }
    case "live":
      return { headline: fill(LIVE_TITLES[topic.id] ?? LIVE_TITLES.nacion), subheadline: fill(topic.subheadlines) };
    case "recipe": {
      const recipe = extra.recipe as (typeof RECIPES)[number];
      return { headline: capitalizeSentences(`${recipe.name}: ${r.pick(RECIPE_ANGLES)}`), subheadline: recipe.description };
    }
    case "cartoon":
      return { headline: `${r.pick(CARTOON_TITLES)} | Caricatura`, subheadline: fill(topic.headlines) };
    default:
      return { headline: fill(topic.headlines), subheadline: fill(topic.subheadlines) };
  }
}

/** ANS subtype by kind; galleries carry their subject (for 'Galerías relacionadas'), videos their format. */
const SUBTYPES: Partial<Record<DocKind, string>> = {
  opinion: "columna",
  live: "live",
  confidencial: "confidencial",
  recipe: "receta",
  special: "especial",
  cartoon: "caricatura",
  capsule: "capsula",
  sponsored: "contenido-patrocinado",
  forum: "foro",
  election: "elecciones",
};

function kindSubtype(plan: { kind: DocKind; type: DocType; profile: SectionProfile; extra: Record<string, any> }): string | undefined {
  if (plan.kind === "gallery") return plan.extra.gallerySubtype;
  if (plan.kind === "video") return plan.profile.vertical ? "vertical" : plan.type === "video" ? "video" : "video-articulo";
  return SUBTYPES[plan.kind];
}

/** Plans every non-edition document of a brand, section by section in brands/sections.ts order. */
export function planBrand(ctx: GenerationContext, brand: BrandId, scale: number, ids: Set<string>, serial: { next: number }): DocPlan[] {
  const plans: DocPlan[] = [];
  const headlines = new Set<string>();
  const { anchorSection, medio } = BRAND_PROFILES[brand];
  for (const section of brandSections(brand)) {
    const { profile } = section;
    // Print editions and candidates' profiles are made after every other document (buildEditions, ./candidates.ts).
    if (profile.kind === "edition" || profile.kind === "candidate") continue;
    const isAnchorSection = section.id === anchorSection;
    const count = documentCount(profile, scale, isAnchorSection);
    const ages = sectionAges(Random.derive(ctx.seed, `ages:${brand}:${section.id}`), count, profile.freshHours);
    for (let index = 0; index < count; index++) {
      const key = `${brand}:${section.id}:${index}`;
      const r = Random.derive(ctx.seed, `doc:${key}`);
      const topic = topicById(r.pick(profile.topics));
      const anchor = isAnchorSection ? ANCHORS[index] : undefined;
      const kind = profile.kind;
      const type = docTypeFor(r, profile);
      const extra: Record<string, any> = {};
      if (kind === "gallery") extra.gallerySubtype = r.pick(profile.gallerySubtypes ?? ["actualidad"]);
      if (kind === "recipe") extra.recipe = RECIPES[(index + r.int(0, RECIPES.length - 1)) % RECIPES.length];
      let ageMs = ages[index];
      if (anchor === "newsroom-old") ageMs = Math.max(ageMs, ctx.now - NEWSROOM_BYLINE_CUTOFF + r.int(20, 200) * DAY);
      const dates = datesFor(r, ctx.now, ageMs);
      // "{anio}" is the year of the story or the next one, never a year out of its time.
      const year = String(bogotaParts(dates.firstPublish).year + (r.chance(0.4) ? 1 : 0));
      const theme = kind === "video" && r.chance(0.3) ? "video" : kind === "opinion" && r.chance(0.5) ? "opinion" : topic.theme;
      const noPromo = kind === "news" && !anchor && index >= ANCHORS.length && r.chance(0.03);
      const base = { brand, section, profile, kind, index, r, topic, id: documentId(ctx.seed, key, ids), type, dates, theme, anchor, extra };
      const subtype = kindSubtype(base);
      // A few drafts until the headline is new to the brand: listings never show the same title twice.
      let composer!: Composer;
      let headline = "";
      let subheadline = "";
      for (let draft = 0; draft < 12 && (draft === 0 || headlines.has(headline)); draft++) {
        composer = new Composer(r, { ...SHARED_POOLS, ...topic.pools, medio: [medio] });
        composer.bind("anio", year);
        ({ headline, subheadline } = planHeadlines({ ...base, composer, subtype, promoImage: undefined }));
      }
      headlines.add(headline);
      const slug = shortenSlug(slugify(headline));
      const url = `${section.id}/${PATH_SEGMENT[type]}/${slug}/${serial.next++}/`;
      plans.push({ ...base, composer, subtype, headline, subheadline, url, promoImage: noPromo ? undefined : themeImage(r, theme) });
    }
  }
  return plans;
}

/** Sunday 06:00 Bogotá dates of the print editions: a few a year since 2000, weekly in the last three years. */
function editionDates(now: number, scale: number): number[] {
  const { year: currentYear } = bogotaParts(now);
  const dates: number[] = [];
  const sunday = (ms: number) => {
    const day = new Date(ms).getUTCDay();
    return ms + ((7 - day) % 7) * DAY;
  };
  for (let year = FIRST_PRINT_YEAR; year <= currentYear; year++) {
    const yearDates: number[] = [];
    if (year <= currentYear - 3) {
      for (let k = 0; k < 8; k++) yearDates.push(sunday(Date.UTC(year, Math.floor((k * 12) / 8) + 1, 1, 11)) - 14 * DAY * (k % 2));
    } else {
      for (let ms = sunday(Date.UTC(year, 0, 1, 11)); ms <= now && bogotaParts(ms).year === year; ms += 7 * DAY) yearDates.push(ms);
    }
    const keep = Math.max(1, Math.round(yearDates.length * scale));
    // Evenly spaced, always keeping the newest of the year.
    for (let k = keep - 1; k >= 0; k--) dates.push(yearDates[yearDates.length - 1 - Math.floor((k * yearDates.length) / keep)]);
  }
  return [...new Set(dates)].filter((ms) => ms <= now).sort((a, b) => a - b);
}

function issueNumber(ms: number): number {
  return 1 + Math.floor((ms - FIRST_ISSUE_DATE) / (7 * DAY));
}

// ---------------------------------------------------------------------------------------------
// Phase 2: documents

/** Everything a body builder may look at besides its own plan. */
export interface BodyContext {
  ctx: GenerationContext;
  authors: Record<string, Author[]>;
  /** Other documents of the brand, for link lists (same section first). */
  related(plan: DocPlan, count: number): LinkTarget[];
}

function decorate(plan: DocPlan, paragraph: string, tags: Set<string>): string {
  let html = escapeHtml(paragraph);
  const { r, composer } = plan;
  if (r.chance(0.3)) {
    for (const slot of ["institucion", "candidato", "equipo", "empresa", "evento", "marca", "plato", "destino"]) {
      const value = composer.peek(slot);
      if (value && html.includes(escapeHtml(value))) {
        html = html.replace(escapeHtml(value), `<b>${escapeHtml(value)}</b>`);
        break;
      }
    }
  }
  const city = composer.peek("ciudad");
  if (city && html.includes(city) && !html.includes("<a ") && r.chance(0.35)) {
    html = html.replace(city, `<a href="/noticias/${slugify(city)}/">${city}</a>`);
    tags.add(city);
  }
  return html;
}

/** `count` paragraphs: the topic's lead first, then the topic's own and shared ones, varied by connectors and closing sentences. */
function pickParagraphs(plan: DocPlan, count: number): string[] {
  const { r, topic, composer } = plan;
  const own = r.shuffle(topic.paragraphs);
  const shared = r.shuffle(SHARED_PARAGRAPHS[topic.register]);
  const templates: string[] = [own[0]];
  let o = 1;
  let s = 0;
  while (templates.length < count && (o < own.length || s < shared.length)) {
    if (o < own.length && (r.chance(0.7) || s >= shared.length)) templates.push(own[o++]);
    else templates.push(shared[s++]);
  }
  return templates.map((template, i) => {
    let paragraph = composer.fill(template);
    if (i === 0) return paragraph;
    const firstWord = paragraph.split(" ")[0];
    if (r.chance(0.25) && CONNECTABLE_FIRST_WORDS.includes(firstWord)) {
      paragraph = `${r.pick(CONNECTORS[topic.register])} ${paragraph[0].toLowerCase()}${paragraph.slice(1)}`;
    }
    if (r.chance(0.3)) paragraph = `${paragraph} ${composer.fill(r.pick(CLOSING_SENTENCES[topic.register]))}`;
    return paragraph;
  });
}

export function photographer(r: Random, affiliation: string): Credit {
  if (r.chance(0.05)) return { name: "{name}", affiliation };
  if (r.chance(0.35)) {
    const agency = r.pick(PHOTO_AGENCIES);
    return { name: agency, affiliation: agency };
  }
  return { name: personName(r).name, affiliation };
}

function promoImage(plan: DocPlan, make: ElementMaker, affiliation: string) {
  if (!plan.promoImage) return undefined;
  const caption = plan.composer.fill(plan.r.pick(plan.topic.captions));
  return make.image(plan.promoImage, caption, photographer(plan.r, affiliation), { subtitle: plan.headline });
}

function inlineImage(plan: DocPlan, make: ElementMaker, affiliation: string, theme: ImageTheme = plan.theme) {
  return make.image(themeImage(plan.r, theme), plan.composer.fill(plan.r.pick(plan.topic.captions)), photographer(plan.r, affiliation));
}

function galleryImages(plan: DocPlan, make: ElementMaker, affiliation: string, count: number) {
  const { r } = plan;
  const themes = [plan.theme, r.pick(imageThemes.filter((t) => t !== plan.theme))];
  const names = r.shuffle(themes.flatMap((theme) => Array.from({ length: IMAGES_PER_THEME }, (_, i) => themeImageName(theme, i)))).slice(0, count);
  return names.map((name, i) =>
    make.image(name, plan.composer.fill(r.pick(GALLERY_TEMPLATES.captions)), photographer(r, affiliation), {
      subtitle: `${r.pick(GALLERY_TEMPLATES.subtitles)} · ${i + 1} de ${names.length}`,
    }),
  );
}

function socialData(plan: DocPlan) {
  const { r, composer, topic } = plan;
  const { name } = personName(r);
  const handle = name
    .split(" ")
    .map((part) => part.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .join("")
    .slice(0, 15);
  const text = escapeHtml(composer.fill(r.pick(topic.quotes)));
  return { author: name, handle, text, date: longDate.format(new Date(plan.dates.firstPublish)) };
}

function socialEmbed(plan: DocPlan, make: ElementMaker, subtype?: "twitter" | "instagram" | "youtube" | "other") {
  const chosen =
    subtype ??
    plan.r.weighted([
      ["twitter", 5],
      ["instagram", 2],
      ["youtube", 2],
      ["other", 1],
    ] as const);
  return make.oembed(chosen, socialData(plan));
}

function quoteOf(plan: DocPlan, make: ElementMaker) {
  const citation = capitalizeSentences(plan.composer.value("persona"));
  return make.quote(escapeHtml(plan.composer.fill(plan.r.pick(plan.topic.quotes))), escapeHtml(citation));
}

const TECH_SNIPPETS = [
  {
    language: "python",
    content:
      'import requests\n\n# Datos abiertos del Gobierno: consulta de un conjunto de datos\nurl = "https://www.datos.gov.co/resource/xdk5-pm3f.json"\nrespuesta = requests.get(url, params={"$limit": 10}, timeout=10)\nfor fila in respuesta.json():\n    print(fila)',
  },
  {
    language: "javascript",
    content:
      '// Verificar si un enlace apunta al dominio oficial antes de abrirlo\nfunction esDominioOficial(enlace) {\n  const { hostname } = new URL(enlace);\n  return hostname === "www.gov.co" || hostname.endsWith(".gov.co");\n}\nconsole.log(esDominioOficial("https://www.dian.gov.co/"));',
  },
];

/** The "Noticias" body: paragraphs with the extra elements a story of this kind may carry. */
function newsBody(
  plan: DocPlan,
  body: BodyContext,
  make: ElementMaker,
  affiliation: string,
  tags: Set<string>,
  options: { paragraphs: number; richness: number },
) {
  const { r, topic } = plan;
  const paragraphs = pickParagraphs(plan, options.paragraphs).map((p) => decorate(plan, p, tags));
  const elements: any[] = [];
  const chance = (p: number) => r.chance(Math.min(1, p * options.richness));
  const headers = r.shuffle(topic.headers);
  paragraphs.forEach((paragraph, i) => {
    if (i >= 2 && i % 3 === 2 && headers.length && chance(0.45))
      elements.push(make.header(plan.composer.fill(headers.pop()!), r.chance(0.8) ? 2 : r.pick([3, 4])));
    elements.push(make.text(paragraph));
    if (i === 1 && chance(0.45)) elements.push(inlineImage(plan, make, affiliation));
    if (i === 2 && chance(0.35)) elements.push(quoteOf(plan, make));
    if (i === 3 && chance(0.25))
      elements.push(
        make.list(
          r.sample(topic.keyPoints, r.int(3, 5)).map((item) => escapeHtml(plan.composer.fill(item))),
          r.chance(0.3),
        ),
      );
    if (i === 3 && topic.table && chance(0.2)) elements.push(make.table(topic.table(r)));
    if (i === 4 && chance(0.2)) elements.push(socialEmbed(plan, make));
    if (i === 2 && chance(0.3)) {
      const [target] = body.related(plan, 1);
      if (target) elements.push(make.interstitialLink(target));
    }
    if (i === 5 && chance(0.1)) elements.push(make.divider());
    if (i === 4 && chance(0.06))
      elements.push(r.chance(0.5) ? make.youtubeRawHtml(youtubeId(r), plan.headline) : make.contextPdf(documentUrl(documentFor(plan.headline)), plan.headline));
    if (i === 5 && topic.id === "tecnologia" && chance(0.3)) {
      const snippet = r.pick(TECH_SNIPPETS);
      elements.push(make.code(snippet.content, snippet.language));
    }
    if (i === 6 && chance(0.06)) elements.push(make.gallery(plan.headline, galleryImages(plan, make, affiliation, r.int(4, 6))));
  });
  if (chance(0.2)) {
    const targets = body.related(plan, r.int(3, 4));
    if (targets.length) elements.push(make.linkList("Le puede interesar", targets));
  }
  for (const widget of ["taboola", "connatix", "connatix_geo_player", "newsroom"] as const) if (chance(0.04)) elements.push(make.widget(widget));
  return elements;
}

/** One story with every element type of docs/article-pages.md#content-elements, including the edge cases renderers must handle. */
function showcaseBody(plan: DocPlan, body: BodyContext, make: ElementMaker, affiliation: string, tags: Set<string>) {
  const { r, topic } = plan;
  const texts = pickParagraphs(plan, 12).map((p) => decorate(plan, p, tags));
  texts[0] = `${texts[0]} <b>${escapeHtml(BRAND_PROFILES[plan.brand].medio)}</b> reconstruyó los hechos con documentos y testimonios; <a href="/noticias/${slugify(topic.tags[0])}/">aquí puede leer toda la cobertura</a>.`;
  tags.add(topic.tags[0]);
  const related = body.related(plan, 5);
  const data = socialData(plan);
  const t = (i: number) => make.text(texts[i]);
  const table = topic.table?.(r) ?? {
    title: "Cifras",
    header: ["Ciudad", "Casos"],
    rows: [
      ["Bogotá", "1.204"],
      ["Medellín", "843"],
      ["Cali", "612"],
    ],
  };
  return [
    t(0),
    make.time(`${liveTimeLabel(plan.dates.firstPublish)} · ${longDate.format(new Date(plan.dates.firstPublish))}`),
    t(1),
    inlineImage(plan, make, affiliation),
    make.image(themeImage(r, plan.theme), "Imagen de referencia.", { name: "{name}" }),
    t(2),
    make.header(plan.composer.fill(topic.headers[0]), 2),
    t(3),
    quoteOf(plan, make),
    make.header("Lo que se sabe", 3),
    t(4),
    make.list(
      topic.keyPoints.slice(0, 4).map((item) => escapeHtml(plan.composer.fill(item))),
      false,
    ),
    make.list(["Revise la información oficial.", "Consulte fuentes confiables.", "Comparta solo lo verificado."], true),
    make.header("Las cifras", 4),
    make.table(table),
    t(5),
    make.oembed("twitter", data),
    make.oembed("instagram", data),
    t(6),
    make.oembed("youtube", data),
    make.oembed("other", data),
    make.divider(),
    make.header("Documentos", 1),
    make.contextPdf(documentUrl(documentFor(plan.headline)), "Documento completo"),
    make.contextPdf("", "Documento sin fuente"),
    t(7),
    make.youtubeRawHtml(youtubeId(r), plan.headline),
    make.gallery(`Galería: ${plan.headline}`, galleryImages(plan, make, affiliation, 6)),
    make.header("Anexo técnico", 5),
    make.code(TECH_SNIPPETS[0].content, TECH_SNIPPETS[0].language),
    make.header("Créditos", 6),
    t(8),
    ...(related.length ? [make.interstitialLink(related[0])] : []),
    t(9),
    make.ad("Barra_Especial", "all", "barra"),
    make.widget("taboola"),
    make.widget("connatix"),
    make.widget("connatix_geo_player"),
    make.widget("newsroom"),
    t(10),
    ...(related.length > 1 ? [make.linkList("Le puede interesar", related.slice(1))] : []),
    t(11),
  ];
}

function liveBody(plan: DocPlan, make: ElementMaker, affiliation: string, tags: Set<string>, now: number) {
  const { r, topic } = plan;
  const entries = r.shuffle(topic.liveEntries ?? topic.paragraphs);
  const count = Math.min(entries.length + 6, r.int(8, 18));
  let at = plan.dates.firstPublish;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    at += r.int(4, 40) * 60_000;
    if (at > now) break;
    times.push(at);
  }
  const elements: any[] = [make.text(decorate(plan, pickParagraphs(plan, 1)[0], tags))];
  // Newest first, as live blogs read.
  times.reverse().forEach((ms, i) => {
    const entry = plan.composer.fill(entries[i % entries.length]);
    elements.push(make.text(`${liveTimeLabel(ms)} | ${i % 4 === 1 ? `<b>${escapeHtml(entry)}</b>` : escapeHtml(entry)}`));
    if (i % 5 === 2) elements.push(r.chance(0.5) ? socialEmbed(plan, make, "twitter") : inlineImage(plan, make, affiliation));
  });
  return { elements, lastEntry: times[0] ?? plan.dates.firstPublish };
}

function columnBody(plan: DocPlan, make: ElementMaker, tags: Set<string>) {
  const { r, profile } = plan;
  const style = COLUMN_TEMPLATES[profile.columnStyle ?? "analysis"];
  const middle = r.shuffle(style.paragraphs).slice(0, r.int(3, 6));
  const topical = pickParagraphs(plan, 1);
  const templates = [r.pick(style.openings), ...middle.slice(0, 2), ...topical, ...middle.slice(2), r.pick(style.closings)];
  const paragraphs = templates.map((p) => plan.composer.fill(p));
  const elements: any[] = paragraphs.map((p) => make.text(decorate(plan, p, tags)));
  if (r.chance(0.3)) elements.splice(3, 0, make.quote(escapeHtml(plan.composer.fill(r.pick(plan.topic.quotes))), ""));
  return elements;
}

function recipeBody(plan: DocPlan, make: ElementMaker, affiliation: string, tags: Set<string>) {
  const recipe = plan.extra.recipe as (typeof RECIPES)[number];
  tags.add(`Receta de ${recipe.name}`);
  tags.add(recipe.region);
  return [
    make.text(escapeHtml(`${recipe.description} Una receta de ${recipe.region} para ${recipe.servings} personas.`)),
    make.text(decorate(plan, pickParagraphs(plan, 1)[0], tags)),
    inlineImage(plan, make, affiliation, "cocina"),
    make.header("Ingredientes", 2),
    make.list(recipe.ingredients.map(escapeHtml), false),
    make.header("Preparación", 2),
    make.list(recipe.steps.map(escapeHtml), true),
    make.header("El secreto", 3),
    make.text(escapeHtml(recipe.tip)),
    make.text(decorate(plan, pickParagraphs(plan, 2)[1] ?? recipe.description, tags)),
  ];
}

function forumBody(plan: DocPlan, make: ElementMaker, affiliation: string, tags: Set<string>) {
  const { r } = plan;
  const panelists = Array.from({ length: r.int(4, 6) }, () => {
    const { name, gender } = personName(r);
    return `${name}, ${r.pick(gender === "m" ? ["director de un centro de pensamiento", "viceministro", "rector universitario", "presidente de un gremio", "investigador"] : ["directora de un centro de pensamiento", "viceministra", "rectora universitaria", "presidenta de un gremio", "investigadora"])}`;
  });
  const agenda = [
    "8:00 a. m. Registro",
    "8:30 a. m. Instalación",
    "9:00 a. m. Panel 1: el diagnóstico",
    "10:30 a. m. Panel 2: las soluciones",
    "12:00 m. Conclusiones",
  ];
  const paragraphs = pickParagraphs(plan, 6).map((p) => decorate(plan, p, tags));
  return [
    make.text(paragraphs[0]),
    make.text(paragraphs[1]),
    make.header("Agenda", 2),
    make.list(agenda, true),
    make.header("Panelistas", 2),
    make.list(panelists.map(escapeHtml), false),
    make.text(paragraphs[2]),
    inlineImage(plan, make, affiliation, "foros"),
    make.text(paragraphs[3]),
    ...(r.chance(0.5) ? [make.youtubeRawHtml(youtubeId(r), plan.headline)] : []),
    make.text(paragraphs[4]),
    make.text(paragraphs[5]),
  ];
}

function specialBody(plan: DocPlan, body: BodyContext, make: ElementMaker, affiliation: string, tags: Set<string>) {
  const { r, topic } = plan;
  const elements = newsBody(plan, body, make, affiliation, tags, { paragraphs: r.int(12, 16), richness: 1.8 });
  const chapters = ["Capítulo 1", "Capítulo 2", "Capítulo 3"].map((label, i) =>
    make.header(`${label}: ${plan.composer.fill(topic.headers[i % topic.headers.length])}`, 2),
  );
  elements.splice(0, 0, chapters[0]);
  elements.splice(Math.floor(elements.length / 3), 0, chapters[1], make.gallery(plan.headline, galleryImages(plan, make, affiliation, r.int(5, 8))));
  elements.splice(Math.floor((elements.length * 2) / 3), 0, make.divider(), chapters[2], make.youtubeRawHtml(youtubeId(r), plan.headline));
  if (plan.section.id.includes("multimedia")) elements.push(socialEmbed(plan, make, "instagram"), socialEmbed(plan, make, "youtube"));
  return elements;
}

function videoMetadata(plan: DocPlan, videoId: string, seconds: number, thumbnail: string | undefined) {
  const thumb = (width: number, height: number) => (thumbnail ? { url: thumbnail, width, height } : undefined);
  return {
    id: videoId,
    url: plan.profile.vertical ? `https://www.youtube.com/shorts/${videoId}` : `https://www.youtube.com/watch?v=${videoId}`,
    snippet: {
      publishedAt: iso(plan.dates.firstPublish),
      title: plan.headline,
      description: plan.subheadline,
      channelTitle: `${BRAND_PROFILES[plan.brand].medio} TV`,
      thumbnails: { default: thumb(120, 90), medium: thumb(320, 180), high: thumb(480, 360) },
    },
    contentDetails: { duration: isoDuration(seconds) },
  };
}

function byline(plan: DocPlan, body: BodyContext, forced?: BylineCase): { by: Author[]; copyright: string } {
  const { r, brand } = plan;
  const staff = body.authors[`${brand}:reporter`] ?? [];
  const newsrooms = body.authors[`${brand}:newsroom`];
  const reporter = staff.length ? r.pick(staff) : newsrooms[0];
  const which: BylineCase =
    forced ??
    r.weighted([
      ["empty", 35],
      ["redaccion", 20],
      ["por", 25],
      ["plain", 20],
    ] as const);
  switch (which) {
    case "empty": {
      const second = staff.length > 1 && r.chance(0.15) ? r.pick(staff.filter((a) => a !== reporter)) : undefined;
      return { by: second ? [reporter, second] : [reporter], copyright: "" };
    }
    case "redaccion": {
      // The desk of the story's topic when there is one, else the newsroom.
      const deskName = BRAND_PROFILES[brand].desks.find((desk) => desk.topics.includes(plan.topic.id))?.name;
      const desk = (deskName && r.chance(0.6) && newsrooms.find((author) => author.byline === deskName)) || newsrooms[0];
      return { by: [desk], copyright: desk.byline };
    }
    case "por":
      return { by: [reporter], copyright: `Por: ${reporter.byline}` };
    case "plain":
      return { by: [reporter], copyright: reporter.byline };
  }
}

/**
 * Columnists of a brand are shared out among its opinion sections. A section's first columns go one
 * to each of its columnists, so that every columnist has a page (an author without stories is a 404,
 * docs/opinion-and-authors.md#author-pages) and the author carousels link only to pages that exist;
 * the rest are drawn at random (the draw is taken either way, so the rest of the corpus is unchanged).
 */
function columnistFor(plan: DocPlan, body: BodyContext): Author {
  const columnists = body.authors[`${plan.brand}:columnist`] ?? body.authors[`${plan.brand}:reporter`];
  const opinionSections = brandSections(plan.brand)
    .filter((s) => s.profile.kind === "opinion")
    .map((s) => s.id);
  const slot = opinionSections.indexOf(plan.section.id);
  const mine = columnists.filter((_, i) => i % opinionSections.length === slot);
  const pool = mine.length ? mine : columnists;
  const drawn = plan.r.pick(pool);
  return plan.index < pool.length ? pool[plan.index] : drawn;
}

/** Builds the ANS document of a plan. */
export function buildDocument(plan: DocPlan, body: BodyContext): Record<string, any> {
  const { ctx } = body;
  const { r, brand, kind, profile, topic } = plan;
  const brandProfile = BRAND_PROFILES[brand];
  const affiliation = brandProfile.affiliation;
  const make = new ElementMaker(r, plan.id);
  const tags = new Set<string>(r.sample(topic.tags, kind === "election" ? r.int(4, 6) : r.int(2, 4)));
  let elements: any[];
  let credits: { by: Author[]; copyright: string };
  let dates = plan.dates;
  const doc: Record<string, any> = {};
  const promo: Record<string, any> = {};
  const basic = promoImage(plan, make, affiliation);
  if (basic) promo.basic = basic;

  switch (kind) {
    case "opinion": {
      const columnist = columnistFor(plan, body);
      credits = { by: [columnist], copyright: r.chance(0.7) ? "" : columnist.byline };
      elements = columnBody(plan, make, tags);
      break;
    }
    case "live": {
      credits = byline(plan, body, r.chance(0.5) ? "redaccion" : "empty");
      const live = liveBody(plan, make, affiliation, tags, ctx.now);
      elements = live.elements;
      dates = { ...dates, publish: live.lastEntry, updated: live.lastEntry };
      if (plan.index === 0) doc.label = { basic: { text: "Noticia en desarrollo", display: true } };
      break;
    }
    case "gallery": {
      credits = byline(plan, body, r.chance(0.6) ? "redaccion" : "plain");
      const images = galleryImages(plan, make, affiliation, r.int(6, 12));
      promo.basic = images[0];
      promo.gallery = { _id: make.id(), type: "gallery", version: ANS_VERSION, headlines: { basic: plan.headline }, content_elements: images };
      elements = plan.type === "gallery" ? images : pickParagraphs(plan, r.int(1, 3)).map((p) => make.text(decorate(plan, p, tags)));
      break;
    }
    case "video": {
      const semanaTv = plan.section.id.startsWith("/semana-tv");
      const videoJournalists = body.authors[`${brand}:video`];
      if (videoJournalists?.length && r.chance(0.8)) {
        const journalist = r.pick(videoJournalists);
        credits = { by: [journalist], copyright: semanaTv && r.chance(0.5) ? "Semana TV" : "" };
      } else credits = byline(plan, body);
      const id = youtubeId(r);
      const seconds = profile.vertical ? r.int(15, 59) : r.int(60, 2700);
      const show = plan.section.id.startsWith("/semana-tv/programas/") ? plan.section.name : undefined;
      promo.basic ??= make.image(themeImage(r, "video"), plan.headline, { name: `${brandProfile.medio} TV`, affiliation });
      promo.html = { _id: make.id(), type: "raw_html", content: youtubeIframe(id, plan.headline) };
      doc.youtube_content_id = id;
      doc.video_type = profile.vertical ? "short" : "clip";
      doc.duration = seconds * 1000;
      doc.additional_properties = { youtube: videoMetadata(plan, id, seconds, promo.basic.url) };
      const intro = show ? `${plan.subheadline} Vea el programa completo de ${show}.` : plan.subheadline;
      elements = [
        make.text(escapeHtml(intro)),
        ...pickParagraphs(plan, plan.type === "video" ? 1 : r.int(2, 4)).map((p) => make.text(decorate(plan, p, tags))),
      ];
      if (show) tags.add(show);
      break;
    }
    case "recipe": {
      const recipe = plan.extra.recipe as (typeof RECIPES)[number];
      credits = byline(plan, body, r.chance(0.5) ? "redaccion" : "plain");
      elements = recipeBody(plan, make, affiliation, tags);
      // What the recipe layout turns into schema.org Recipe data.
      doc.additional_properties = {
        recipe: {
          name: recipe.name,
          prepTime: recipe.prepTime,
          cookTime: recipe.cookTime,
          recipeYield: `${recipe.servings} porciones`,
          recipeCategory: recipe.category,
          recipeCuisine: "Colombiana",
          recipeIngredient: recipe.ingredients,
          recipeInstructions: recipe.steps,
        },
      };
      break;
    }
    case "cartoon": {
      const cartoonist = r.pick(body.authors[`${brand}:cartoonist`] ?? body.authors[`${brand}:reporter`]);
      credits = { by: [cartoonist], copyright: cartoonist.byline };
      const image = promo.basic ?? make.image(themeImage(r, plan.theme), plan.headline, { name: cartoonist.byline, affiliation });
      promo.basic = image;
      elements = [
        { ...image, _id: make.id(), credits: { by: [{ type: "author", name: cartoonist.byline }] } },
        make.text(escapeHtml(`La caricatura de ${cartoonist.byline} sobre la actualidad del país.`)),
      ];
      break;
    }
    case "confidencial":
      credits = byline(plan, body, "redaccion");
      elements = pickParagraphs(plan, r.int(2, 4)).map((p) => make.text(decorate(plan, p, tags)));
      break;
    case "capsule": {
      credits = byline(plan, body);
      elements = pickParagraphs(plan, r.int(2, 3)).map((p) => make.text(decorate(plan, p, tags)));
      if (r.chance(0.6)) {
        const id = youtubeId(r);
        promo.html = { _id: make.id(), type: "raw_html", content: youtubeIframe(id, plan.headline) };
        doc.youtube_content_id = id;
      }
      break;
    }
    case "forum":
      credits = byline(plan, body, "redaccion");
      elements = forumBody(plan, make, affiliation, tags);
      break;
    case "special":
      credits = byline(plan, body);
      elements = specialBody(plan, body, make, affiliation, tags);
      break;
    case "sponsored":
      credits = { by: [body.authors[`${brand}:newsroom`][0]], copyright: "Hablan las marcas" };
      elements = newsBody(plan, body, make, affiliation, tags, { paragraphs: r.int(5, 8), richness: 0.6 });
      doc.owner = { id: brand, sponsored: true };
      break;
    case "election":
    case "news":
    default: {
      const forced: Record<Anchor, BylineCase | undefined> = {
        showcase: "empty",
        "newsroom-old": "empty",
        redaccion: "redaccion",
        por: "por",
        redirect: undefined,
      };
      credits = byline(plan, body, plan.anchor ? forced[plan.anchor] : undefined);
      const paragraphs = r.chance(0.55) ? r.int(8, 12) : r.int(5, 7);
      elements =
        plan.anchor === "showcase"
          ? showcaseBody(plan, body, make, affiliation, tags)
          : newsBody(plan, body, make, affiliation, tags, { paragraphs, richness: kind === "election" ? 1.3 : 1 });
      if (kind === "election") {
        for (const [candidate] of r.sample(CANDIDATES, r.int(2, 3))) tags.add(candidate);
        if (topic.table && r.chance(0.5)) elements.splice(3, 0, make.table(topic.table(r)));
      }
    }
  }

  const taxonomyTags = [...tags].map(tag);
  if (kind === "election" ? r.chance(0.3) : r.chance(0.03)) taxonomyTags.push(EMPTY_TAG);
  const sectionIds = sectionChain(brand, plan.section.id);
  if (brand === "semana" && kind === "news" && plan.section.id !== "/ultimas-noticias" && r.chance(0.2)) sectionIds.push("/ultimas-noticias");
  // The showcase story stays free, so that every reader sees every element type rendered.
  const contentCode = profile.freeCode ? "1" : profile.paywall && r.chance(profile.paywall) && plan.anchor !== "showcase" ? "3" : "0";
  const affiliations = [{ name: affiliation }];
  if (topic.id === "mundo" && r.chance(0.4)) affiliations.push({ name: r.pick(["AFP", "EFE", "Reuters"]) });

  return {
    _id: plan.id,
    type: plan.type,
    ...(plan.subtype ? { subtype: plan.subtype } : {}),
    version: ANS_VERSION,
    canonical_website: brand,
    canonical_url: plan.url,
    website_url: plan.url,
    language: "es",
    headlines: { basic: plan.headline },
    subheadlines: { basic: plan.subheadline },
    description: { basic: plan.subheadline },
    display_date: iso(dates.firstPublish),
    publish_date: iso(dates.publish),
    first_publish_date: iso(dates.firstPublish),
    created_date: iso(dates.created),
    last_updated_date: iso(Math.max(dates.updated, dates.publish)),
    ...(plan.composer.peek("ciudad") ? { location: plan.composer.peek("ciudad") } : {}),
    credits: { by: credits.by.map(creditOf), affiliation: affiliations },
    copyright: credits.copyright,
    taxonomy: {
      primary_section: sectionRef(brand, plan.section.id),
      sections: sectionIds.map((id) => sectionRef(brand, id)),
      tags: taxonomyTags,
    },
    content_restrictions: { content_code: contentCode },
    promo_items: promo,
    content_elements: elements,
    source: { system: "composer", source_type: "staff", name: brandProfile.medio },
    owner: { id: brand, sponsored: false },
    ...doc,
  };
}

/** The print editions of Semana: section /edicion, each with a raw_html link to its flip edition. */
export function buildEditions(ctx: GenerationContext, scale: number, ids: Set<string>): Record<string, any>[] {
  const brand: BrandId = "semana";
  const affiliation = BRAND_PROFILES.semana.affiliation;
  return editionDates(ctx.now, scale).map((ms) => {
    const issue = issueNumber(ms);
    const r = Random.derive(ctx.seed, `edition:${issue}`);
    const id = documentId(ctx.seed, `edition:${issue}`, ids);
    const make = new ElementMaker(r, id);
    const cover = r.pick(EDITION_COVERS);
    const year = new Date(ms).getUTCFullYear();
    const dateText = longDate.format(new Date(ms));
    const headline = `Edición ${issue}: ${cover}`;
    const url = `/edicion/${shortenSlug(slugify(`edicion ${issue} ${cover}`))}/${issue}/`;
    const coverImage = make.image(coverImageName(issue % COVER_COUNT), `Portada de la edición ${issue} de SEMANA.`, { name: "Revista Semana", affiliation });
    const flip = `https://flip.semana.com/ediciones/${year}/${issue}/`;
    const lines = r.sample(
      EDITION_COVERS.filter((line) => line !== cover),
      4,
    );
    return {
      _id: id,
      type: "story",
      subtype: "edicion-impresa",
      version: ANS_VERSION,
      canonical_website: brand,
      canonical_url: url,
      website_url: url,
      language: "es",
      headlines: { basic: headline },
      subheadlines: { basic: `La revista SEMANA del ${dateText}.` },
      description: { basic: `Edición impresa número ${issue}, circulación del ${dateText}. Tema de portada: ${cover}.` },
      display_date: iso(ms),
      publish_date: iso(ms),
      first_publish_date: iso(ms),
      created_date: iso(ms - 2 * DAY),
      last_updated_date: iso(ms),
      credits: { by: [], affiliation: [{ name: affiliation }] },
      copyright: "Revista Semana",
      taxonomy: {
        primary_section: sectionRef(brand, "/edicion"),
        sections: [sectionRef(brand, "/edicion")],
        tags: [tag(`Edición impresa ${year}`)],
      },
      content_restrictions: { content_code: "0" },
      promo_items: { basic: coverImage },
      content_elements: [
        make.text(escapeHtml(`En la edición ${issue} de SEMANA, que circula desde el ${dateText}: ${cover.toLowerCase()}.`)),
        make.rawHtml(
          `<p class="ver-impresa"><a href="${flip}" target="_blank" rel="noopener" title="${escapeAttribute(headline)}">Ver edición impresa ${issue}</a></p>`,
        ),
        make.header("En esta edición", 2),
        make.list(lines.map(escapeHtml), false),
      ],
      source: { system: "composer", source_type: "staff", name: "SEMANA" },
      owner: { id: brand, sponsored: false },
      additional_properties: { edition: { number: issue, year, flip_url: flip } },
    };
  });
}
