// The people who sign the corpus: reporters, columnists, video journalists, cartoonists and the
// newsrooms, per brand. Invented names; slugs follow docs/article-pages.md#author-slug.
import { bylineAuthorPath, slugify } from "../../../domain/slugs";
import { brandIds, type BrandId } from "../../../domain/brands";
import type { AuthorRecord } from "../corpus";
import { authorPhotoName, imageUrlFor } from "../../images/catalog";
import { BRAND_PROFILES } from "./profiles";
import { Random } from "./random";
import { personName, type Gender } from "./vocabulary";

type AuthorRole = "reporter" | "columnist" | "video" | "cartoonist" | "newsroom";

export interface Author extends AuthorRecord {
  kind: AuthorRole;
  gender?: Gender;
}

const ROLE_LABEL: Record<AuthorRole, [string, string]> = {
  reporter: ["Periodista", "Periodista"],
  columnist: ["Columnista", "Columnista"],
  video: ["Periodista de video", "Periodista de video"],
  cartoonist: ["Caricaturista", "Caricaturista"],
  newsroom: ["Redacción", "Redacción"],
};

const REPORTER_BIOS: Array<[string, string]> = [
  [
    "Comunicador social de la Pontificia Universidad Javeriana. Cubre el Congreso y los partidos políticos.",
    "Comunicadora social de la Pontificia Universidad Javeriana. Cubre el Congreso y los partidos políticos.",
  ],
  [
    "Periodista de la Universidad de Antioquia. Escribe sobre orden público y regiones.",
    "Periodista de la Universidad de Antioquia. Escribe sobre orden público y regiones.",
  ],
  [
    "Economista y periodista. Sigue los mercados, las empresas y las finanzas personales.",
    "Economista y periodista. Sigue los mercados, las empresas y las finanzas personales.",
  ],
  ["Cronista. Ha recorrido el país contando historias de sus regiones.", "Cronista. Ha recorrido el país contando historias de sus regiones."],
  ["Periodista deportivo. Ha cubierto tres Copas América y dos Mundiales.", "Periodista deportiva. Ha cubierto tres Copas América y dos Mundiales."],
  ["Editor de tecnología y cultura digital.", "Editora de tecnología y cultura digital."],
  ["Periodista judicial. Investiga casos de corrupción y crimen organizado.", "Periodista judicial. Investiga casos de corrupción y crimen organizado."],
  ["Escribe sobre cultura, libros y entretenimiento.", "Escribe sobre cultura, libros y entretenimiento."],
];

const COLUMNIST_BIOS: Array<[string, string]> = [
  ["Abogado y analista político. Exviceministro y profesor universitario.", "Abogada y analista política. Exviceministra y profesora universitaria."],
  [
    "Economista con maestría en políticas públicas. Consultor de organismos multilaterales.",
    "Economista con maestría en políticas públicas. Consultora de organismos multilaterales.",
  ],
  ["Escritor y periodista. Autor de cuatro libros de crónica.", "Escritora y periodista. Autora de cuatro libros de crónica."],
  ["Politólogo e investigador en seguridad y conflicto.", "Politóloga e investigadora en seguridad y conflicto."],
  ["Empresario y exdirector de un gremio económico.", "Empresaria y exdirectora de un gremio económico."],
  ["Ingeniero agrónomo y productor en el Huila.", "Ingeniera agrónoma y productora en el Huila."],
  ["Psicólogo y conferencista.", "Psicóloga y conferencista."],
];

/** How many of each kind per brand at scale 1 (authors do not scale: listings need enough of them). */
const STAFF: Record<BrandId, Partial<Record<AuthorRole, number>>> = {
  semana: { reporter: 22, columnist: 18, video: 8, cartoonist: 3 },
  fucsia: { reporter: 8, columnist: 5 },
  soho: { reporter: 8, columnist: 5 },
  elpais: { reporter: 14, columnist: 7 },
  semanarural: { reporter: 6, columnist: 5 },
  forosemana: { reporter: 4, video: 2 },
};

function socialLinks(r: Random, slug: string, handle: string, all: boolean): AuthorRecord["social_links"] {
  const links: NonNullable<AuthorRecord["social_links"]> = [{ site: "twitter", url: `https://twitter.com/${handle}` }];
  if (all || r.chance(0.7)) links.push({ site: "facebook", url: `https://www.facebook.com/${handle.toLowerCase()}` });
  if (all || r.chance(0.6)) links.push({ site: "linkedin", url: `https://www.linkedin.com/in/${slug}` });
  if (all || r.chance(0.4))
    links.push({
      site: "whatsapp",
      url: `https://whatsapp.com/channel/0029Va${r.chars("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 16)}`,
    });
  if (r.chance(0.3)) links.push({ site: "instagram", url: `https://www.instagram.com/${handle.toLowerCase()}` });
  return links;
}

/** Every author of every brand; names are unique across the corpus (their slug is their id). */
export function generateAuthors(seed: number): Author[] {
  const r = Random.derive(seed, "authors");
  const used = new Set<string>();
  const authors: Author[] = [];
  let photo = 0;
  for (const brand of brandIds) {
    const { medio, newsroom, desks } = BRAND_PROFILES[brand];
    for (const [role, count] of Object.entries(STAFF[brand]) as Array<[AuthorRole, number]>) {
      for (let i = 0; i < count; i++) {
        let person = personName(r);
        while (used.has(slugify(person.name))) person = personName(r);
        const slug = slugify(person.name);
        used.add(slug);
        const female = person.gender === "f";
        const bios = role === "columnist" ? COLUMNIST_BIOS : REPORTER_BIOS;
        const bio = r.pick(bios)[female ? 1 : 0];
        const label = ROLE_LABEL[role][female ? 1 : 0];
        const handle = person.name
          .split(" ")
          .map((part) => part.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
          .join("")
          .slice(0, 15);
        authors.push({
          _id: slug,
          brand,
          byline: person.name,
          slug,
          image: imageUrlFor(authorPhotoName(photo++)),
          description: `${label} de ${medio}. ${bio}`,
          role: label,
          // The first reporter of each brand has every network, so the byline with all icons shows.
          social_links: socialLinks(r, slug, handle, i === 0),
          kind: role,
          gender: person.gender,
        });
      }
    }
    for (const name of [newsroom, ...desks.map((desk) => desk.name)]) {
      const slug = slugify(name);
      authors.push({
        _id: slug,
        brand,
        byline: name,
        slug,
        image: imageUrlFor(authorPhotoName(photo++)),
        description: `Equipo periodístico de ${medio}.`,
        role: "Redacción",
        social_links: [],
        kind: "newsroom",
      });
    }
  }
  return authors;
}

/** The credits.by[] entry of an author, as stories carry it. */
export function creditOf(author: AuthorRecord) {
  return {
    _id: author._id,
    type: "author",
    version: "0.10.12",
    name: author.byline,
    byline: author.byline,
    slug: author.slug,
    url: bylineAuthorPath(author.slug),
    description: author.description,
    ...(author.image ? { image: { type: "image", url: author.image } } : {}),
    social_links: author.social_links ?? [],
    additional_properties: { original: { role: author.role } },
  };
}

/** Strips the generator's bookkeeping (kind, gender) from the records handed to the store. */
export function toAuthorRecord(author: Author): AuthorRecord {
  const { kind: _kind, gender: _gender, ...record } = author;
  return record;
}
