// The documents the seeded articles embed ('context_pdf' viewers): a fixed catalogue, like the
// images', so that every /documentos/<name>.pdf the content names is a real file on any machine.
import { createHash } from "node:crypto";

export interface SeedDocument {
  name: string;
  title: string;
  paragraphs: string[];
}

export const DOCUMENTS_PATH = "/documentos/";

const paragraph = (topic: string) =>
  `Este documento reúne la información pública sobre ${topic}. Se publica completo para que los lectores puedan consultar las cifras, los anexos y las conclusiones que cita el artículo.`;

export const SEED_DOCUMENTS: readonly SeedDocument[] = [
  {
    name: "informe-de-gestion-2025",
    title: "Informe de gestión 2025",
    paragraphs: [paragraph("la gestión del año"), "Capítulo 1. Resultados. Capítulo 2. Presupuesto. Capítulo 3. Metas para 2026."],
  },
  {
    name: "proyecto-de-ley",
    title: "Proyecto de ley radicado en el Congreso",
    paragraphs: [paragraph("el proyecto de ley"), "Artículo 1. Objeto. Artículo 2. Ámbito de aplicación. Artículo 3. Vigencia."],
  },
  {
    name: "fallo-de-la-corte",
    title: "Fallo de la Corte",
    paragraphs: [paragraph("la decisión de la Corte"), "Resuelve: primero, declarar exequible la norma; segundo, comunicar la decisión."],
  },
  {
    name: "informe-economico",
    title: "Informe económico trimestral",
    paragraphs: [paragraph("la economía del trimestre"), "Inflación, empleo, tasas de interés y balanza comercial del periodo."],
  },
  {
    name: "encuesta-de-opinion",
    title: "Encuesta de opinión",
    paragraphs: [paragraph("la encuesta"), "Ficha técnica: muestra de 1.200 personas, margen de error del 2,8 % y nivel de confianza del 95 %."],
  },
  {
    name: "comunicado-oficial",
    title: "Comunicado oficial",
    paragraphs: [paragraph("el comunicado"), "La entidad informa a la opinión pública sobre las medidas adoptadas."],
  },
];

/** The address of a seeded document: /documentos/<name>.pdf. */
export const documentUrl = (document: SeedDocument) => `${DOCUMENTS_PATH}${document.name}.pdf`;

/** The catalogue document an article embeds, chosen by its headline (the seed's random draws stay as they are). */
export function documentFor(headline: string): SeedDocument {
  const digest = createHash("sha1").update(headline).digest();
  return SEED_DOCUMENTS[digest[0] % SEED_DOCUMENTS.length];
}
