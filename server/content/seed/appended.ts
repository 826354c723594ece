// Documents appended after the generated corpus, each from a Random stream of its own, so that every
// document generated before them stays exactly as it was (docs/content-sources.md#seed-corpus):
// cases the generated sections do not produce.
//  - An Arc video document: MP4 and HLS renditions in `streams`, no YouTube id, as Arc's video
//    documents carry them; its page plays them in the HTML5 player (docs/article-pages.md#video-page).
//    The renditions are real files (public/videos/).
//  - A gallery for subscribers (content code '3' in /galerias): the gallery page's paywall flag,
//    which brings the promo subscription modal to signed-in readers (docs/article-pages.md#gallery-modals).
import type { BrandId } from "../../../domain/brands";
import type { Author } from "./authors";
import { creditOf } from "./authors";
import { documentId, iso, PATH_SEGMENT, photographer, sectionRef, themeImage } from "./documents";
import { ANS_VERSION, ElementMaker } from "./elements";
import { Random } from "./random";

const DAY = 86_400_000;

/** The renditions of the seeded Arc video (public/videos/README.md says how they were made). */
const SEEDED_VIDEO_STREAMS = [
  { stream_type: "mp4", url: "/videos/lluvias-rio-magdalena-480.mp4", width: 480, height: 270, bitrate: 60, filesize: 20_417 },
  { stream_type: "mp4", url: "/videos/lluvias-rio-magdalena-1280.mp4", width: 1280, height: 720, bitrate: 60, filesize: 23_636 },
  { stream_type: "ts", url: "/videos/lluvias-rio-magdalena.m3u8", width: 480, height: 270 },
] as const;
/** Their length (ms). */
const SEEDED_VIDEO_DURATION = 4_000;

interface AppendContext {
  seed: number;
  now: number;
  authors: Author[];
  ids: Set<string>;
  /** Per brand, the serial number the next document's URL ends with. */
  serials: Record<BrandId, { next: number }>;
}

function common(ctx: AppendContext, brand: BrandId, section: string, type: "story" | "gallery" | "video", key: string, slug: string, ageDays: number) {
  const r = Random.derive(ctx.seed, `appended:${key}`);
  const id = documentId(ctx.seed, `appended:${key}`, ctx.ids);
  const published = ctx.now - ageDays * DAY - r.int(0, 6 * 3_600_000);
  const url = `${section}/${PATH_SEGMENT[type]}/${slug}/${ctx.serials[brand].next++}/`;
  return {
    r,
    make: new ElementMaker(r, id),
    doc: {
      _id: id,
      type,
      version: ANS_VERSION,
      canonical_website: brand,
      canonical_url: url,
      website_url: url,
      language: "es",
      display_date: iso(published),
      publish_date: iso(published),
      first_publish_date: iso(published),
      created_date: iso(published - 3_600_000),
      last_updated_date: iso(published),
      taxonomy: { primary_section: sectionRef(brand, section), sections: [sectionRef(brand, section)], tags: [] as Array<{ text: string; slug: string }> },
      source: { system: "composer", source_type: "staff", name: "Semana" },
      owner: { id: brand, sponsored: false },
    },
  };
}

function arcVideo(ctx: AppendContext): Record<string, any> {
  const headline = "Así crece el río Magdalena con la temporada de lluvias";
  const description = "Imágenes del río a su paso por Honda (Tolima), donde el caudal subió en la última semana.";
  const { r, make, doc } = common(ctx, "semana", "/videos", "video", "arc-video", "asi-crece-el-rio-magdalena-con-la-temporada-de-lluvias", 3);
  const journalist = ctx.authors.find((author) => author.brand === "semana" && author.kind === "video") ?? ctx.authors[0];
  const poster = make.image(themeImage(r, "video"), headline, { name: "Semana TV", affiliation: "Semana" });
  return {
    ...doc,
    subtype: "video",
    headlines: { basic: headline },
    subheadlines: { basic: description },
    description: { basic: description },
    credits: { by: [creditOf(journalist)], affiliation: [{ name: "Semana" }] },
    copyright: "",
    taxonomy: { ...doc.taxonomy, tags: [{ text: "Río Magdalena", slug: "rio-magdalena" }] },
    content_restrictions: { content_code: "0" },
    promo_items: { basic: poster },
    promo_image: poster,
    duration: SEEDED_VIDEO_DURATION,
    video_type: "clip",
    streams: SEEDED_VIDEO_STREAMS.map((stream) => ({ ...stream })),
    content_elements: [make.text(description)],
  };
}

function subscribersGallery(ctx: AppendContext): Record<string, any> {
  const headline = "Las fotos de la Feria de las Flores de Medellín, desde adentro";
  const summary = "Silleteros, desfiles y tablados: la feria vista por nuestros fotógrafos.";
  const { r, make, doc } = common(ctx, "semana", "/galerias", "gallery", "subscribers-gallery", "las-fotos-de-la-feria-de-las-flores-de-medellin", 5);
  const captions = [
    "Los silleteros llegan al desfile",
    "Una silleta de más de 60 kilos",
    "El tablado de la plaza",
    "La noche de la feria",
    "Flores de Santa Elena",
    "El desfile de autos clásicos",
  ];
  const images = captions.map((caption, i) =>
    make.image(themeImage(r, i % 2 ? "cultura" : "entretenimiento"), `${caption}.`, photographer(r, "Semana"), {
      subtitle: `Foto ${i + 1} de ${captions.length}`,
    }),
  );
  const reporter = ctx.authors.find((author) => author.brand === "semana" && author.kind === "reporter") ?? ctx.authors[0];
  return {
    ...doc,
    subtype: "entretenimiento",
    headlines: { basic: headline },
    subheadlines: { basic: summary },
    description: { basic: summary },
    credits: { by: [creditOf(reporter)], affiliation: [{ name: "Semana" }] },
    copyright: "",
    taxonomy: { ...doc.taxonomy, tags: [{ text: "Medellín", slug: "medellin" }] },
    content_restrictions: { content_code: "3" },
    promo_items: {
      basic: images[0],
      gallery: { _id: make.id(), type: "gallery", version: ANS_VERSION, headlines: { basic: headline }, content_elements: images },
    },
    content_elements: images,
  };
}

/** The appended documents, in a fixed order. */
export function appendedDocuments(ctx: AppendContext): Record<string, any>[] {
  return [arcVideo(ctx), subscribersGallery(ctx)];
}

/** Their reads, from a stream of their own (the generated documents' reads stay as they were). */
export function appendedReads(seed: number, documents: Array<Record<string, any>>): Array<{ documentId: string; count: number }> {
  const r = Random.derive(seed, "appended:reads");
  return documents.map((doc) => ({ documentId: String(doc._id), count: r.int(200, 2_000) }));
}
