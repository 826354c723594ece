// What each brand and each section of brands/sections.ts gets in the seed corpus: which kind of
// document, on which topics, how many at scale 1, how fresh, and how much of it is paywalled.
import { sectionsByBrand } from "../../../domain/sections";
import { type BrandId } from "../../../domain/brands";

export interface BrandProfile {
  /** The brand's name in titles ("Nación | Semana"). */
  title: string;
  /** How the brand names itself in running text ("según supo SEMANA"). */
  medio: string;
  /** credits.affiliation[].name of its own staff. */
  affiliation: string;
  /** The generic newsroom byline. */
  newsroom: string;
  /** Desk bylines ('Redacción Política'...) and the topics each desk signs. */
  desks: Array<{ name: string; topics: string[] }>;
  /** Section ids of the news sections whose stories carry the deliberate byline cases. */
  anchorSection: string;
}

export const BRAND_PROFILES: Record<BrandId, BrandProfile> = {
  semana: {
    title: "Semana",
    medio: "SEMANA",
    affiliation: "Revista Semana",
    newsroom: "Redacción Semana",
    desks: [
      { name: "Redacción Política", topics: ["politica", "elecciones", "confidencial"] },
      { name: "Redacción Nación", topics: ["nacion", "judicial", "mejorcolombia"] },
      { name: "Redacción Economía", topics: ["economia", "finanzas", "empresas"] },
      { name: "Redacción Deportes", topics: ["deportes", "ciclismo"] },
      { name: "Redacción Mundo", topics: ["mundo"] },
      { name: "Redacción Tecnología", topics: ["tecnologia"] },
      { name: "Redacción Vida Moderna", topics: ["salud", "bienestar", "pareja", "mascotas", "educacion", "ambiente", "turismo"] },
    ],
    anchorSection: "/nacion",
  },
  fucsia: {
    title: "Fucsia",
    medio: "Fucsia",
    affiliation: "Revista Fucsia",
    newsroom: "Redacción Fucsia",
    desks: [
      { name: "Redacción Moda", topics: ["moda"] },
      { name: "Redacción Belleza", topics: ["belleza", "bienestar"] },
    ],
    anchorSection: "/moda",
  },
  soho: {
    title: "SoHo",
    medio: "SoHo",
    affiliation: "Revista SoHo",
    newsroom: "Redacción SoHo",
    desks: [
      { name: "Redacción Deportes SoHo", topics: ["deportes", "ciclismo"] },
      { name: "Redacción Qué Pasa", topics: ["entretenimiento", "virales", "nacion", "mundo"] },
    ],
    anchorSection: "/que-pasa/noticias",
  },
  elpais: {
    title: "El País Cali",
    medio: "El País",
    affiliation: "El País Cali",
    newsroom: "Redacción El País",
    desks: [
      { name: "Redacción Judicial", topics: ["judicial"] },
      { name: "Redacción Deportes El País", topics: ["deportes", "futbol-valle", "ciclismo"] },
      { name: "Redacción Cali", topics: ["regional"] },
    ],
    anchorSection: "/cali",
  },
  semanarural: {
    title: "Semana Rural",
    medio: "Semana Rural",
    affiliation: "Semana Rural",
    newsroom: "Redacción Semana Rural",
    desks: [{ name: "Redacción Agro", topics: ["agricultura", "ganaderia", "agroempresa"] }],
    anchorSection: "/semanarural/agricultura",
  },
  forosemana: {
    title: "Foros Semana",
    medio: "Foros Semana",
    affiliation: "Foros Semana",
    newsroom: "Redacción Foros Semana",
    desks: [{ name: "Redacción Eventos", topics: ["foros"] }],
    anchorSection: "/foros-semana",
  },
};

export type DocKind =
  | "news"
  | "opinion"
  | "gallery"
  | "video"
  | "live"
  | "confidencial"
  | "recipe"
  | "election"
  | "special"
  | "edition"
  | "cartoon"
  | "capsule"
  | "sponsored"
  | "forum"
  /** Candidates' profiles: made after every other document (seed/candidates.ts). */
  | "candidate";

export interface SectionProfile {
  kind: DocKind;
  /** Topic ids the section's documents are drawn from. */
  topics: string[];
  /** Documents at scale 1 (print editions are counted by year instead). */
  count: number;
  /** Age of the newest document, in hours (at most). */
  freshHours: number;
  /** Share of documents with content_code '3'. */
  paywall?: number;
  /** Every document carries content_code '1' (/finanzas). */
  freeCode?: boolean;
  /** Share of type "video" documents among video-section documents (the rest are stories with a video). */
  videoShare?: number;
  /** Columns: analytical or personal register. */
  columnStyle?: "analysis" | "personal";
  /** Videos: vertical (YouTube Shorts). */
  vertical?: boolean;
  /** Gallery subtypes used for 'Galerías relacionadas'. */
  gallerySubtypes?: string[];
}

const p = (kind: DocKind, topics: string[], count: number, freshHours: number, extra: Partial<SectionProfile> = {}): SectionProfile => ({
  kind,
  topics,
  count,
  freshHours,
  ...extra,
});

const VIDEO_TOPICS = ["politica", "nacion", "economia", "deportes", "mundo", "entretenimiento", "judicial"];

const SEMANA: Record<string, SectionProfile> = {
  "/ultimas-noticias": p("news", ["nacion", "politica", "economia", "mundo", "deportes", "entretenimiento"], 40, 0.3),
  "/nacion": p("news", ["nacion", "judicial"], 70, 1, { paywall: 0.3 }),
  "/politica": p("news", ["politica"], 70, 1.5, { paywall: 0.3 }),
  "/economia": p("news", ["economia", "empresas"], 60, 2, { paywall: 0.3 }),
  "/economia/opinion": p("opinion", ["economia"], 20, 30, { columnStyle: "analysis", paywall: 0.3 }),
  "/economia/capsulas": p("capsule", ["economia", "finanzas"], 20, 20),
  "/economia/empresas": p("news", ["empresas"], 30, 10, { paywall: 0.2 }),
  "/mundo": p("news", ["mundo"], 50, 3, { paywall: 0.25 }),
  "/deportes": p("news", ["deportes", "ciclismo"], 60, 2),
  "/tecnologia": p("news", ["tecnologia"], 45, 5),
  "/el-debate": p("news", ["politica", "elecciones"], 25, 12, { paywall: 0.2 }),
  "/impresa": p("news", ["nacion", "politica", "economia", "judicial"], 30, 48, { paywall: 0.5 }),
  "/edicion": p("edition", [], 0, 72),
  "/opinion": p("opinion", ["politica", "nacion", "judicial"], 60, 6, { columnStyle: "analysis", paywall: 0.3 }),
  "/vida-moderna": p("news", ["bienestar", "tecnologia", "salud", "pareja"], 30, 8),
  "/cultura": p("news", ["cultura"], 35, 10),
  "/gente": p("news", ["entretenimiento"], 35, 4),
  "/salud": p("news", ["salud"], 35, 8),
  "/educacion": p("news", ["educacion"], 25, 20),
  "/medio-ambiente": p("news", ["ambiente"], 25, 20),
  "/turismo": p("news", ["turismo"], 20, 30),
  "/mascotas": p("news", ["mascotas"], 20, 30),
  "/finanzas": p("news", ["finanzas"], 35, 10, { freeCode: true }),
  "/finanzas/opinion": p("opinion", ["finanzas"], 12, 50, { columnStyle: "analysis", freeCode: true }),
  "/confidenciales": p("confidencial", ["confidencial"], 30, 6, { paywall: 0.3 }),
  "/elecciones": p("election", ["elecciones"], 35, 6),
  "/elecciones/gobernaciones": p("candidate", ["elecciones"], 10, 2900),
  "/elecciones/otras-ciudades": p("candidate", ["elecciones"], 10, 2900),
  "/elecciones/bogota": p("candidate", ["elecciones"], 10, 2900),
  "/recetas": p("recipe", ["gastronomia"], 25, 40),
  "/galerias": p("gallery", ["entretenimiento", "deportes", "nacion", "turismo"], 30, 12, {
    gallerySubtypes: ["actualidad", "deportes", "entretenimiento", "naturaleza", "viajes"],
  }),
  "/fotos": p("gallery", ["nacion", "cultura", "ambiente"], 20, 24, { gallerySubtypes: ["actualidad", "naturaleza", "viajes"] }),
  "/caricaturas/galeria": p("cartoon", ["politica", "economia"], 20, 20),
  "/videos": p("video", VIDEO_TOPICS, 30, 3, { videoShare: 0.6 }),
  "/semanaplay": p("video", ["entretenimiento", "nacion", "politica", "cultura"], 20, 12, { videoShare: 0 }),
  "/live": p("live", ["politica", "elecciones", "nacion", "deportes", "economia", "mundo"], 12, 2),
  "/especiales": p("special", ["nacion", "ambiente", "mejorcolombia", "judicial"], 10, 200),
  "/especiales-editoriales": p("special", ["politica", "economia", "educacion"], 8, 300),
  "/especiales-multimedia": p("special", ["ambiente", "cultura", "turismo"], 8, 300),
  "/hablan-las-marcas": p("sponsored", ["marcas"], 15, 30),
  "/mejor-colombia": p("news", ["mejorcolombia"], 20, 30),
  "/semana-tv": p("video", VIDEO_TOPICS, 10, 2, { videoShare: 0.7 }),
  "/semana-tv/programas": p("video", ["politica", "nacion"], 6, 24, { videoShare: 0.7 }),
  "/semana-tv/programas/semana-noticias": p("video", ["nacion", "politica", "economia", "deportes", "mundo"], 20, 5, { videoShare: 0.8 }),
  "/semana-tv/programas/vicky-en-semana": p("video", ["politica", "nacion"], 15, 20, { videoShare: 0.8 }),
  "/semana-tv/programas/el-control": p("video", ["politica", "judicial"], 15, 30, { videoShare: 0.8 }),
  "/semana-tv/programas/bajo-el-lente-de-salud-hernandez": p("video", ["nacion", "judicial"], 15, 40, { videoShare: 0.8 }),
  "/semana-tv/programas/salud-hernandez": p("video", ["nacion", "politica"], 15, 40, { videoShare: 0.8 }),
  "/semana-tv/programas/que-opina-sebastian-nohra": p("video", ["politica", "economia"], 15, 30, { videoShare: 0.8 }),
  "/semana-tv/categorias": p("video", VIDEO_TOPICS, 6, 24, { videoShare: 0.7 }),
  "/semana-tv/categorias/entrevistas": p("video", ["politica", "entretenimiento", "economia"], 10, 24, { videoShare: 0.8 }),
  "/semana-tv/categorias/politica": p("video", ["politica", "elecciones"], 10, 12, { videoShare: 0.8 }),
  "/semana-tv/categorias/economia": p("video", ["economia", "finanzas"], 10, 24, { videoShare: 0.8 }),
  "/semana-tv/categorias/deportes": p("video", ["deportes", "ciclismo"], 10, 12, { videoShare: 0.8 }),
  "/semana-tv/categorias/mundo": p("video", ["mundo"], 10, 24, { videoShare: 0.8 }),
  "/semana-tv/categorias/tecnologia": p("video", ["tecnologia"], 10, 36, { videoShare: 0.8 }),
  "/semana-tv/categorias/cultura": p("video", ["cultura", "entretenimiento"], 10, 36, { videoShare: 0.8 }),
  "/semana-tv/categorias/salud": p("video", ["salud", "bienestar"], 10, 36, { videoShare: 0.8 }),
  "/semana-tv/categorias/investigacion": p("video", ["judicial", "nacion"], 10, 48, { videoShare: 0.8 }),
  "/semana-tv/virales": p("video", ["virales", "entretenimiento"], 15, 6, { videoShare: 0.8 }),
  "/categorias": p("video", ["virales", "entretenimiento", "deportes", "nacion"], 15, 8, { videoShare: 1, vertical: true }),
};

const FUCSIA: Record<string, SectionProfile> = {
  "/moda": p("news", ["moda"], 40, 6),
  "/belleza": p("news", ["belleza"], 40, 8),
  "/bienestar": p("news", ["bienestar"], 30, 12),
  "/gente": p("news", ["entretenimiento"], 30, 6),
  "/estilo-de-vida": p("news", ["turismo", "bienestar", "gastronomia"], 25, 12),
  "/sexo": p("news", ["pareja"], 25, 20),
  "/cocina": p("recipe", ["gastronomia"], 20, 30),
  "/opinion-fucsia": p("opinion", ["bienestar", "pareja", "moda"], 20, 40, { columnStyle: "personal" }),
  "/galerias": p("gallery", ["moda", "belleza", "entretenimiento"], 25, 12, { gallerySubtypes: ["moda", "entretenimiento", "viajes"] }),
};

const SOHO: Record<string, SectionProfile> = {
  "/mujeres-soho": p("news", ["mujeres"], 25, 20),
  "/sexo": p("news", ["pareja"], 20, 24),
  "/deportes": p("news", ["deportes", "ciclismo"], 25, 8),
  "/relatos": p("news", ["relatos"], 10, 48),
  "/relatos/historias": p("news", ["relatos"], 20, 48),
  "/relatos/opinadores": p("opinion", ["relatos", "entretenimiento"], 20, 30, { columnStyle: "personal" }),
  "/que-pasa": p("news", ["entretenimiento", "virales"], 15, 4),
  "/que-pasa/estilo-de-vida": p("news", ["bienestar", "turismo", "gastronomia"], 20, 12),
  "/que-pasa/noticias": p("news", ["nacion", "mundo", "tecnologia"], 25, 3),
  "/que-pasa/virales": p("news", ["virales"], 20, 4),
  "/que-pasa/peliculas-y-series": p("news", ["entretenimiento"], 20, 10),
  "/que-pasa/entretenimiento": p("news", ["entretenimiento"], 20, 8),
  "/videos": p("video", ["entretenimiento", "deportes", "virales", "mujeres"], 20, 10, { videoShare: 0.6 }),
  "/galerias": p("gallery", ["mujeres", "entretenimiento", "deportes"], 20, 20, { gallerySubtypes: ["entretenimiento", "deportes", "moda"] }),
};

const ELPAIS: Record<string, SectionProfile> = {
  "/cali": p("news", ["regional"], 60, 0.5, { paywall: 0.25 }),
  "/valle": p("news", ["regional", "agricultura"], 45, 2, { paywall: 0.2 }),
  "/colombia": p("news", ["nacion", "politica"], 40, 2, { paywall: 0.2 }),
  "/mundo": p("news", ["mundo"], 30, 4),
  "/politica": p("news", ["politica", "elecciones"], 35, 3, { paywall: 0.3 }),
  "/judicial": p("news", ["judicial", "regional"], 40, 2, { paywall: 0.3 }),
  "/economia": p("news", ["economia", "finanzas", "empresas"], 35, 4, { paywall: 0.3 }),
  "/opinion": p("opinion", ["politica", "regional", "economia"], 35, 10, { columnStyle: "analysis", paywall: 0.2 }),
  "/deportes": p("news", ["deportes"], 25, 3),
  "/deportes/america-de-cali": p("news", ["futbol-valle"], 25, 6),
  "/deportes/deportivo-cali": p("news", ["futbol-valle"], 25, 6),
  "/deportes/futbol-colombiano": p("news", ["deportes"], 20, 8),
  "/deportes/ciclismo": p("news", ["ciclismo"], 15, 24),
  "/entretenimiento": p("news", ["entretenimiento"], 25, 6),
  "/cultura": p("news", ["cultura"], 20, 20),
  "/salud": p("news", ["salud"], 20, 20),
  "/tecnologia": p("news", ["tecnologia"], 15, 24),
  "/educacion": p("news", ["educacion"], 15, 30),
  "/medio-ambiente": p("news", ["ambiente"], 15, 30),
  "/turismo": p("news", ["turismo"], 15, 40),
  "/gastronomia": p("news", ["gastronomia"], 15, 40),
  "/tendencias": p("news", ["virales", "bienestar", "tecnologia"], 20, 8),
  "/especiales": p("special", ["regional", "ambiente", "cultura"], 8, 200),
};

const SEMANARURAL: Record<string, SectionProfile> = {
  "/semanarural/agricultura": p("news", ["agricultura"], 40, 6),
  "/semanarural/ganaderia": p("news", ["ganaderia"], 30, 12),
  "/semanarural/medio-ambiente": p("news", ["ambiente"], 25, 20),
  "/semanarural/emprendimiento": p("news", ["agroempresa"], 25, 24),
  "/semanarural/tecnologia": p("news", ["agroempresa", "tecnologia"], 20, 30),
  "/semanarural/opinion": p("opinion", ["agricultura", "ganaderia"], 20, 40, { columnStyle: "analysis" }),
};

const FOROSEMANA: Record<string, SectionProfile> = {
  "/foros-semana": p("news", ["foros"], 25, 12),
  "/foros-semana/foros": p("forum", ["foros"], 25, 24),
  "/foros-semana/videos": p("video", ["foros"], 20, 24, { videoShare: 0.7 }),
  "/foros-semana/galerias": p("gallery", ["foros"], 15, 30, { gallerySubtypes: ["foros"] }),
  "/foros-semana/momentos": p("video", ["foros"], 15, 30, { videoShare: 0.5 }),
};

export const SECTION_PROFILES: Record<BrandId, Record<string, SectionProfile>> = {
  semana: SEMANA,
  fucsia: FUCSIA,
  soho: SOHO,
  elpais: ELPAIS,
  semanarural: SEMANARURAL,
  forosemana: FOROSEMANA,
};

/** The profile of a section; throws for a section of brands/sections.ts that has none (a test keeps them in step). */
export function sectionProfile(brand: BrandId, sectionId: string): SectionProfile {
  const profile = SECTION_PROFILES[brand][sectionId];
  if (!profile) throw new Error(`La sección ${sectionId} de ${brand} no tiene perfil en el generador del corpus`);
  return profile;
}

/** Sections of the brand, in brands/sections.ts order, with their profiles. */
export function brandSections(brand: BrandId) {
  return sectionsByBrand[brand].map((section) => ({ ...section, profile: sectionProfile(brand, section.id) }));
}
