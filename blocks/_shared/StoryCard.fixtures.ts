// Test data for the listing blocks: ANS documents as the content sources answer them, in the shape
// of the seed corpus (Spanish text, /images/ promo images, sections of brands/sections.ts).
import type { AnsFeed } from "../../domain/ans";

const HEADLINES = [
  "El Gobierno radicó en el Congreso la reforma a la salud con cambios en las EPS",
  "Banco de la República mantuvo las tasas de interés en 9,25 % por tercera vez",
  "Fuertes lluvias dejan más de 2.000 familias damnificadas en La Mojana",
  "Selección Colombia anunció la convocatoria para los partidos de eliminatoria",
  "Fiscalía imputó cargos a exfuncionarios por contratos de alimentación escolar",
  "El dólar cerró por debajo de los 4.000 pesos por primera vez en el año",
  "Registraduría confirmó el calendario para las elecciones regionales",
  "Ministerio de Educación abrió la convocatoria de becas para docentes rurales",
];

export interface StoryOptions {
  section?: { _id: string; name: string };
  noImage?: boolean;
  headline?: string;
  description?: string;
  minutesAgo?: number;
  type?: string;
}

/** The i-th story of a feed (ids, URLs and images derived from i). */
export function makeStory(i: number, options: StoryOptions = {}): any {
  const section = options.section ?? { _id: "/nacion", name: "Nación" };
  const date = new Date(Date.now() - (options.minutesAgo ?? 30 + i * 60) * 60_000).toISOString();
  const headline = options.headline ?? `${HEADLINES[i % HEADLINES.length]} (${i + 1})`;
  return {
    _id: `HISTORIA${String(i).padStart(4, "0")}`,
    type: options.type ?? "story",
    canonical_website: "semana",
    canonical_url: `${section._id}/articulo/historia-${i + 1}/${100000 + i}/`,
    headlines: { basic: headline },
    description: { basic: options.description ?? `Resumen de la historia ${i + 1}: lo que se sabe hasta ahora.` },
    display_date: date,
    publish_date: date,
    taxonomy: { primary_section: section, sections: [section], tags: [{ _id: "t1", text: "Gustavo Petro", slug: "gustavo-petro" }] },
    credits: { by: [{ _id: "vicky-davila", name: "Vicky Dávila", type: "author" }] },
    ...(options.noImage
      ? {}
      : {
          promo_items: { basic: { type: "image", url: `/images/historia-${i + 1}.jpg`, alt_text: `Foto de la historia ${i + 1}`, width: 1600, height: 900 } },
        }),
  };
}

export function makeFeed(docs: any[], page: { count?: number; next?: number } = {}): AnsFeed<any> {
  return { type: "results", content_elements: docs, count: page.count ?? docs.length, ...(page.next !== undefined ? { next: page.next } : {}) };
}

export const PRINT_EDITION = { _id: "/edicion", name: "Ediciones impresas" };
