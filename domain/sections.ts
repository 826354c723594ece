// Sections: the one rule that normalises a section id, the section tree of each brand (the ids the
// content carries in taxonomy.sections[]._id and the names readers see), and which section a
// section page's URL names. Menus link to these sections; the seed corpus fills every one of them.
// An id is the section path with a leading slash and no trailing slash, e.g. "/economia/opinion".
import type { BrandId } from "./brands";

/**
 * The section id for what editors, URLs and content write: "nacion", "/nacion/", " economia/opinion "
 * → "/nacion", "/economia/opinion". Empty, blank or slash-only input names no section: undefined.
 */
export function normalizeSectionId(raw: unknown): string | undefined {
  if (typeof raw !== "string") return undefined;
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}` : undefined;
}

/** True when `id` is `section` itself or one of its subsections ("/economia/opinion" is in "/economia"). */
export function inSectionTree(id: string, section: string): boolean {
  const wanted = normalizeSectionId(section);
  return !!wanted && (id === wanted || id.startsWith(wanted + "/"));
}

export interface SectionInfo {
  id: string;
  name: string;
  description?: string;
}

const s = (id: string, name: string, description?: string): SectionInfo => ({ id, name, description });

export const sectionsByBrand: Record<BrandId, SectionInfo[]> = {
  semana: [
    s("/ultimas-noticias", "Últimas Noticias", "Lo último de Colombia y el mundo, al momento."),
    s("/nacion", "Nación", "Noticias de Colombia: orden público, regiones, justicia y sociedad."),
    s("/politica", "Política", "Congreso, Gobierno, partidos y elecciones."),
    s("/economia", "Economía", "Macroeconomía, empresas, empleo y finanzas personales."),
    s("/economia/opinion", "Opinión económica"),
    s("/economia/capsulas", "Cápsulas económicas"),
    s("/economia/empresas", "Empresas"),
    s("/mundo", "Mundo", "Noticias internacionales."),
    s("/deportes", "Deportes", "Fútbol, ciclismo, tenis y todo el deporte colombiano."),
    s("/tecnologia", "Tecnología", "Innovación, ciencia y cultura digital."),
    s("/el-debate", "El Debate"),
    s("/impresa", "Impresa", "La revista Semana en su edición impresa."),
    s("/edicion", "Ediciones impresas", "Todas las ediciones impresas de la revista Semana."),
    s("/opinion", "Opinión", "Columnas de opinión de los columnistas de Semana."),
    s("/vida-moderna", "Vida Moderna"),
    s("/cultura", "Cultura"),
    s("/gente", "Gente"),
    s("/salud", "Salud"),
    s("/educacion", "Educación"),
    s("/medio-ambiente", "Medio Ambiente"),
    s("/turismo", "Turismo"),
    s("/mascotas", "Mascotas"),
    s("/finanzas", "Finanzas personales"),
    s("/finanzas/opinion", "Opinión de finanzas"),
    s("/confidenciales", "Confidenciales"),
    s("/elecciones", "Elecciones"),
    s("/elecciones/gobernaciones", "Gobernaciones", "Los aspirantes a las gobernaciones: perfiles, propuestas y alianzas."),
    s("/elecciones/otras-ciudades", "Otras Ciudades", "Los aspirantes a las alcaldías de las ciudades del país."),
    s("/elecciones/bogota", "Alcaldía de Bogotá", "Los aspirantes a la Alcaldía de Bogotá."),
    s("/recetas", "Recetas", "Recetas fáciles, platos colombianos e ideas para cocinar en casa."),
    s("/galerias", "Galerías"),
    s("/fotos", "Fotos"),
    s("/caricaturas/galeria", "Caricaturas", "Las caricaturas de Semana: la actualidad vista con humor."),
    s("/videos", "Videos", "Videos, programas y entrevistas de Semana."),
    s("/semanaplay", "Semana Play", "Historias en video para ver cuando quieras."),
    s("/live", "En vivo"),
    s("/especiales", "Especiales"),
    s("/especiales-editoriales", "Especiales editoriales"),
    s("/especiales-multimedia", "Especiales multimedia"),
    s("/hablan-las-marcas", "Hablan las marcas", "Contenido patrocinado: lo que las marcas cuentan a los lectores."),
    s("/mejor-colombia", "Mejor Colombia"),
    s("/semana-tv", "Semana TV", "El canal de video: noticias, entrevistas y programas de opinión."),
    s("/semana-tv/programas", "Programas", "Los programas de opinión y análisis del canal Semana TV."),
    s("/semana-tv/programas/semana-noticias", "Semana Noticias", "El noticiero de Semana TV: los hechos del día en video."),
    s("/semana-tv/programas/vicky-en-semana", "Vicky en Semana", "Entrevistas y análisis de Vicky Dávila en video."),
    s("/semana-tv/programas/el-control", "El Control"),
    s("/semana-tv/programas/bajo-el-lente-de-salud-hernandez", "Bajo el lente de Salud Hernández"),
    s("/semana-tv/programas/salud-hernandez", "Salud Hernández"),
    s("/semana-tv/programas/que-opina-sebastian-nohra", "¿Qué opina Sebastián Nohra?"),
    s("/semana-tv/categorias", "Categorías", "Los videos de Semana TV por tema: política, economía, deportes y más."),
    s("/semana-tv/categorias/entrevistas", "Entrevistas", "Conversaciones en video con los protagonistas de la actualidad."),
    s("/semana-tv/categorias/politica", "Política en video"),
    s("/semana-tv/categorias/economia", "Economía en video"),
    s("/semana-tv/categorias/deportes", "Deportes en video"),
    s("/semana-tv/categorias/mundo", "Mundo en video"),
    s("/semana-tv/categorias/tecnologia", "Tecnología en video"),
    s("/semana-tv/categorias/cultura", "Cultura en video"),
    s("/semana-tv/categorias/salud", "Salud en video"),
    s("/semana-tv/categorias/investigacion", "Investigación"),
    s("/semana-tv/virales", "Lo más viral"),
    s("/categorias", "Videos verticales", "Historias cortas en video para ver en el celular."),
  ],
  fucsia: [
    s("/moda", "Moda"),
    s("/belleza", "Belleza"),
    s("/bienestar", "Bienestar"),
    s("/gente", "Gente"),
    s("/estilo-de-vida", "Estilo de vida"),
    s("/sexo", "Sexo y pareja"),
    s("/cocina", "Cocina"),
    s("/opinion-fucsia", "Opinión"),
    s("/galerias", "Galerías"),
  ],
  soho: [
    s("/mujeres-soho", "Mujeres Soho", "Las mujeres de SoHo: portadas, entrevistas y sesiones de fotos."),
    s("/sexo", "Sexo", "Sexo, pareja y deseo, contados sin tabúes."),
    s("/deportes", "Deportes", "Fútbol, ciclismo y las historias detrás de los deportistas."),
    s("/relatos", "Relatos", "Crónicas, historias y columnas de los narradores de SoHo."),
    s("/relatos/historias", "Historias", "Historias y crónicas contadas en primera persona."),
    s("/relatos/opinadores", "Opinadores", "Las columnas de los opinadores de SoHo."),
    s("/que-pasa", "Qué pasa", "Lo que está pasando: tendencias, noticias, virales, cine, series y entretenimiento."),
    s("/que-pasa/estilo-de-vida", "Estilo de vida", "Moda, viajes, comida y todo lo que hace la buena vida."),
    s("/que-pasa/noticias", "Noticias", "Las noticias del día, contadas por SoHo."),
    s("/que-pasa/virales", "Virales", "Los videos y las historias que le están dando la vuelta a las redes."),
    s("/que-pasa/peliculas-y-series", "Películas y series", "Estrenos, recomendaciones y reseñas de cine y series."),
    s("/que-pasa/entretenimiento", "Entretenimiento", "Música, televisión, farándula y cultura pop."),
    s("/videos", "Videos", "Videos, programas y entrevistas de SoHo."),
    s("/galerias", "Galerías", "Las mejores galerías de fotos de SoHo."),
  ],
  elpais: [
    s("/cali", "Cali", "Noticias de Cali: barrios, movilidad, seguridad y vida en la ciudad."),
    s("/valle", "Valle"),
    s("/colombia", "Colombia"),
    s("/mundo", "Mundo"),
    s("/politica", "Política"),
    s("/judicial", "Judicial"),
    s("/economia", "Economía"),
    s("/opinion", "Opinión"),
    s("/deportes", "Deportes"),
    s("/deportes/america-de-cali", "América de Cali", "Todo sobre el América: partidos, fichajes y la voz de su hinchada."),
    s("/deportes/deportivo-cali", "Deportivo Cali", "Todo sobre el Deportivo: partidos, fichajes y la voz de su hinchada."),
    s("/deportes/futbol-colombiano", "Fútbol Colombiano"),
    s("/deportes/ciclismo", "Ciclismo"),
    s("/entretenimiento", "Entretenimiento"),
    s("/cultura", "Cultura"),
    s("/salud", "Salud"),
    s("/tecnologia", "Tecnología"),
    s("/educacion", "Educación"),
    s("/medio-ambiente", "Medio ambiente"),
    s("/turismo", "Turismo"),
    s("/gastronomia", "Gastronomía"),
    s("/tendencias", "Tendencias"),
    s("/especiales", "Especiales"),
  ],
  semanarural: [
    s("/semanarural/agricultura", "Agricultura"),
    s("/semanarural/ganaderia", "Ganadería"),
    s("/semanarural/medio-ambiente", "Medio ambiente"),
    s("/semanarural/emprendimiento", "Emprendimiento"),
    s("/semanarural/tecnologia", "Tecnología agropecuaria"),
    s("/semanarural/opinion", "Opinión"),
  ],
  forosemana: [
    s("/foros-semana", "Foros Semana", "Encuentros de Semana con líderes del país: conclusiones, videos y galerías."),
    s("/foros-semana/foros", "Foros", "Los encuentros de Foros Semana y lo que dejaron sus debates."),
    s("/foros-semana/videos", "Videos de los foros", "Los debates de Foros Semana en video."),
    s("/foros-semana/galerias", "Galerías de los foros"),
    s("/foros-semana/momentos", "Momentos imperdibles"),
  ],
};

/**
 * Where each brand's columnists write, first section first (docs/opinion-and-authors.md#opinion-sections):
 * the opinion carousel's feed and its 'Ver todos' page. Foros Semana has no columns.
 */
export const OPINION_SECTIONS_BY_BRAND: Partial<Record<BrandId, readonly string[]>> = {
  semana: ["/opinion", "/economia/opinion", "/finanzas/opinion"],
  elpais: ["/opinion"],
  fucsia: ["/opinion-fucsia"],
  soho: ["/relatos/opinadores"],
  semanarural: ["/semanarural/opinion"],
};

/** The name readers see for a section of the brand, or undefined (also for an unknown brand). */
export function sectionName(brand: string, id: string): string | undefined {
  return (sectionsByBrand as Record<string, SectionInfo[] | undefined>)[brand]?.find((section) => section.id === id)?.name;
}

/** On the men's magazine a section page is /seccion/<last segment of the section id>/ (docs/listings.md#section-pages). */
export const SOHO_SECTION_PATH_PREFIX = "seccion";

const lastSegment = (id: string) => id.split("/").pop() ?? "";

/**
 * The section id a section page's URL names: "/seccion/historias/" on Soho → "/relatos/historias"
 * (the shallowest Soho section with that last segment; "/historias" when none has it, so an unknown
 * section finds nothing); on every other brand the path itself ("/deportes/america-de-cali/" →
 * "/deportes/america-de-cali"). The query string is ignored; "/" names no section.
 */
export function sectionFromUrl(brand: string, path: string): string | undefined {
  const pathname = path.split("?")[0];
  if (brand === "soho") {
    const segments = pathname.split("/");
    if (segments[1] === SOHO_SECTION_PATH_PREFIX) {
      const slug = segments[2];
      if (!slug) return undefined;
      const known = sectionsByBrand.soho
        .filter((section) => lastSegment(section.id) === slug)
        .sort((a, b) => a.id.split("/").length - b.id.split("/").length)[0];
      return known?.id ?? normalizeSectionId(slug);
    }
  }
  return normalizeSectionId(pathname);
}

/**
 * The section page of a section id: "/relatos/historias" → "/seccion/historias/" on Soho (when that
 * page names this section: the shallowest with that last segment), "/nacion/" elsewhere.
 */
export function sectionPagePath(brand: string, id: string): string | undefined {
  if (brand !== "soho") return `${id}/`;
  const path = `/${SOHO_SECTION_PATH_PREFIX}/${lastSegment(id)}/`;
  return sectionFromUrl(brand, path) === id ? path : undefined;
}
