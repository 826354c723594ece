// The candidates of the elections' subsections (docs/carousels-and-blocks.md#candidates): a profile
// per aspirant to a governorship or a mayoralty in the 2027 regional elections. They were added to
// the corpus after it was first published, so they are generated after every other document, each
// from its own random stream and with its own URL numbers: no earlier document changed with them.
import { type BrandId } from "../../../domain/brands";
import { sectionsByBrand, type SectionInfo } from "../../../domain/sections";
import { slugify } from "../../../domain/slugs";
import { authorPhotoName } from "../../images/catalog";
import { creditOf, type Author } from "./authors";
import { documentId } from "./documents";
import { ANS_VERSION, ElementMaker } from "./elements";
import { BRAND_PROFILES, sectionProfile } from "./profiles";
import { Random } from "./random";
import { shortenSlug } from "./text";
import { DEPARTMENTS, personName } from "./vocabulary";

const DAY = 86_400_000;
/** URL numbers of the candidates' profiles: a range of their own, after the corpus's. */
const FIRST_CANDIDATE_NUMBER = 900_001;

const PARTIES = [
  "el Partido Liberal",
  "el Partido Conservador",
  "el Pacto Histórico",
  "el Centro Democrático",
  "Cambio Radical",
  "el Partido de la U",
  "la Alianza Verde",
  "el Nuevo Liberalismo",
  "un movimiento significativo de ciudadanos",
];

const CITIES = [
  "Medellín",
  "Cali",
  "Barranquilla",
  "Cartagena",
  "Bucaramanga",
  "Cúcuta",
  "Pereira",
  "Manizales",
  "Ibagué",
  "Santa Marta",
  "Villavicencio",
  "Pasto",
  "Montería",
  "Neiva",
];

const CAREERS = [
  "fue concejal durante dos periodos y presidió la comisión de presupuesto",
  "fue secretario de Hacienda y dirigió el plan de saneamiento de las finanzas locales",
  "hizo carrera en el sector privado como gerente de una empresa de servicios públicos",
  "fue representante a la Cámara y ponente de la ley de ordenamiento territorial",
  "dirigió durante diez años una fundación dedicada a la educación rural",
  "fue diputado de la asamblea y promotor de la veeduría ciudadana de la contratación",
  "es economista, con una maestría en políticas públicas, y fue asesor del Departamento Nacional de Planeación",
];

const PROPOSALS = [
  "la seguridad en los barrios, con más pie de fuerza y cámaras conectadas a la Policía",
  "el transporte público, con nuevas rutas y una tarifa diferencial para estudiantes",
  "el empleo joven, con incentivos a las empresas que contraten su primer trabajador",
  "la salud, con la terminación de los hospitales de segundo nivel que siguen en obra",
  "las vías terciarias, para sacar las cosechas de las veredas a los mercados",
  "el agua potable, con la ampliación de los acueductos veredales",
  "la educación, con jornada única y alimentación escolar durante todo el año",
  "la transparencia, con la contratación pública abierta en línea",
];

/** Departments named with an article ("la Gobernación del Cauca"); the others without ("de Antioquia"). */
const WITH_ARTICLE = new Set([
  "Valle del Cauca",
  "Atlántico",
  "Cauca",
  "Huila",
  "Tolima",
  "Meta",
  "Quindío",
  "Magdalena",
  "Cesar",
  "Chocó",
  "Putumayo",
  "Caquetá",
  "Casanare",
]);

/** "de" before a party's name, contracted before "el": "del Partido Liberal", "de Cambio Radical". */
const ofParty = (party: string) => (party.startsWith("el ") ? `del ${party.slice(3)}` : `de ${party}`);

/** The office the section's aspirants run for. */
function officeFor(section: SectionInfo, r: Random): { office: string; place: string } {
  if (section.id === "/elecciones/gobernaciones") {
    const place = r.pick(DEPARTMENTS);
    return { office: `la Gobernación ${WITH_ARTICLE.has(place) ? "del" : "de"} ${place}`, place };
  }
  if (section.id === "/elecciones/bogota") return { office: "la Alcaldía de Bogotá", place: "Bogotá" };
  const place = r.pick(CITIES);
  return { office: `la Alcaldía de ${place}`, place };
}

/** The sections whose documents this module makes: the brand's sections of kind "candidate". */
function candidateSections(brand: BrandId): SectionInfo[] {
  return sectionsByBrand[brand].filter((section) => sectionProfile(brand, section.id).kind === "candidate");
}

export interface CandidateContext {
  seed: number;
  now: number;
  scale: number;
  /** Document ids taken so far (every earlier document's). */
  ids: Set<string>;
  /** The brand's newsroom credits. */
  newsroom: Author;
}

/** The candidates' profiles of the brand, newest first per section. */
export function buildCandidates(brand: BrandId, context: CandidateContext): Record<string, any>[] {
  const documents: Record<string, any>[] = [];
  let serial = FIRST_CANDIDATE_NUMBER;
  const headlines = new Set<string>();
  for (const section of candidateSections(brand)) {
    const count = Math.max(1, Math.round(sectionProfile(brand, section.id).count * context.scale));
    for (let index = 0; index < count; index++) {
      const key = `candidate:${brand}:${section.id}:${index}`;
      const r = Random.derive(context.seed, key);
      const id = documentId(context.seed, key, context.ids);
      const make = new ElementMaker(r, id);
      const { name, gender } = personName(r);
      const { office, place } = officeFor(section, r);
      const [party, ally] = r.sample(PARTIES, 2);
      let headline = `${name}, aspirante a ${office}`;
      if (headlines.has(headline)) headline = `${headline} por ${party}`;
      headlines.add(headline);
      const [first, second] = r.sample(PROPOSALS, 2);
      const career = r.pick(CAREERS);
      const subheadline = `Quién es, qué propone y con quién hace alianzas ${gender === "f" ? "la candidata" : "el candidato"} ${ofParty(party)} en ${place}.`;
      // Profiles were published over the months before the 2027 regional campaign: older than the news of the day.
      const published = context.now - r.int(120, 320) * DAY - r.int(0, 23) * 3_600_000;
      const iso = new Date(published).toISOString();
      const url = `${section.id}/articulo/${shortenSlug(slugify(headline))}/${serial++}/`;
      const image = make.image(authorPhotoName(r.int(0, 39)), `${name}, aspirante a ${office}.`, {
        name: "Colprensa",
        affiliation: BRAND_PROFILES[brand].affiliation,
      });
      documents.push({
        _id: id,
        type: "story",
        subtype: "perfil-candidato",
        version: ANS_VERSION,
        canonical_website: brand,
        canonical_url: url,
        website_url: url,
        language: "es",
        headlines: { basic: headline },
        subheadlines: { basic: subheadline },
        description: { basic: subheadline },
        display_date: iso,
        publish_date: iso,
        first_publish_date: iso,
        created_date: new Date(published - 2 * 3_600_000).toISOString(),
        last_updated_date: iso,
        location: place,
        credits: { by: [creditOf(context.newsroom)], affiliation: [{ name: BRAND_PROFILES[brand].affiliation }] },
        copyright: context.newsroom.byline,
        taxonomy: {
          primary_section: sectionRef(brand, section),
          sections: [sectionRef(brand, section), sectionRef(brand, sectionInfo(brand, "/elecciones"))],
          tags: [name, "Elecciones regionales 2027", place].map((text) => ({ _id: slugify(text), type: "tag", text, slug: slugify(text) })),
        },
        content_restrictions: { content_code: "0" },
        promo_items: { basic: image },
        content_elements: [
          make.text(`${name} aspira a ${office} con el aval ${ofParty(party)}. Antes de la campaña ${career}.`),
          make.header("Sus propuestas", 2),
          make.text(`Su programa de gobierno empieza por ${first}. También promete trabajar en ${second}.`),
          make.text(
            `En ${place}, dice, la prioridad es cumplir lo que se firmó con las comunidades: “Vamos a gobernar con las cuentas claras y de cara a la gente”.`,
          ),
          make.header("Alianzas", 2),
          make.text(
            `Busca el apoyo ${ofParty(ally)} y de sectores independientes. La inscripción de las candidaturas se hará en las fechas que fije la Registraduría para las elecciones regionales de 2027.`,
          ),
        ],
        source: { system: "composer", source_type: "staff", name: BRAND_PROFILES[brand].medio },
        owner: { id: brand, sponsored: false },
      });
    }
  }
  return documents;
}

function sectionInfo(brand: BrandId, id: string): SectionInfo {
  const found = sectionsByBrand[brand].find((section) => section.id === id);
  if (!found) throw new Error(`Sección inexistente en ${brand}: ${id}`);
  return found;
}

function sectionRef(brand: BrandId, section: SectionInfo) {
  return { _id: section.id, type: "section", version: ANS_VERSION, name: section.name, path: section.id, _website: brand };
}
