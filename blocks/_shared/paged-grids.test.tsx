// @vitest-environment jsdom
// The paged grid blocks (docs/listings.md#feed-sizes, docs/carousels-and-blocks.md): each block's
// first batch, offset and next batch, its section, title and load-more label, as a reader and an
// editor meet them. One table, one row per block.
import { renderToString } from "react-dom/server";
import type { BlockServer, BlockView, PageContext } from "../../runtime/types";
import cartoonsServer, { CARTOONS_GRID } from "../cartoons-grid/index.server";
import CartoonsGrid, { CARTOONS_GRID_LABEL } from "../cartoons-grid/index";
import cartoonsSchema from "../cartoons-grid/schema.json";
import galleryGridServer, { GALLERY_GRID } from "../gallery-grid/index.server";
import GalleryGrid from "../gallery-grid/index";
import galleryGridSchema from "../gallery-grid/schema.json";
import multimediaServer, { MULTIMEDIA_GALLERY } from "../multimedia-gallery/index.server";
import MultimediaGallery, { MULTIMEDIA_GALLERY_LABEL } from "../multimedia-gallery/index";
import multimediaSchema from "../multimedia-gallery/schema.json";
import pastForumsServer, { PAST_FORUMS } from "../past-forums/index.server";
import PastForums from "../past-forums/index";
import pastForumsSchema from "../past-forums/schema.json";
import specialServer, { SPECIAL_LIST } from "../special-list/index.server";
import SpecialList from "../special-list/index";
import specialSchema from "../special-list/schema.json";
import momentsServer, { UNMISSABLE_MOMENTS } from "../unmissable-moments/index.server";
import UnmissableMoments from "../unmissable-moments/index";
import momentsSchema from "../unmissable-moments/schema.json";
import { LOAD_MORE_LABEL } from "./loadMore";
import { makeFeed, makeStory } from "./StoryCard.fixtures";

interface Row {
  type: string;
  server: BlockServer;
  View: BlockView;
  schema: any;
  /** What the spec says: first batch, then per load, from offset. */
  sizes: { first: number; next: number; offset: number };
  sections: string;
  title?: string;
  label: string;
  /** The cards name their section (grids of several sections only). */
  showsSection: boolean;
}

const rows: Row[] = [
  {
    type: "past-forums",
    server: pastForumsServer,
    View: PastForums,
    schema: pastForumsSchema,
    sizes: { first: 9, next: 6, offset: 1 },
    sections: "/foros-semana/foros",
    title: "FOROS ANTERIORES",
    label: LOAD_MORE_LABEL,
    showsSection: false,
  },
  {
    type: "unmissable-moments",
    server: momentsServer,
    View: UnmissableMoments,
    schema: momentsSchema,
    sizes: { first: 8, next: 4, offset: 0 },
    sections: "/foros-semana/momentos",
    title: "MOMENTOS IMPERDIBLES",
    label: LOAD_MORE_LABEL,
    showsSection: false,
  },
  {
    type: "multimedia-gallery",
    server: multimediaServer,
    View: MultimediaGallery,
    schema: multimediaSchema,
    sizes: { first: 6, next: 6, offset: 3 },
    sections: "/galerias",
    label: "CARGAR MÁS",
    showsSection: false,
  },
  {
    type: "cartoons-grid",
    server: cartoonsServer,
    View: CartoonsGrid,
    schema: cartoonsSchema,
    sizes: { first: 4, next: 2, offset: 5 },
    sections: "/caricaturas/galeria",
    label: "VER MÁS CARICATURAS",
    showsSection: false,
  },
  {
    type: "special-list",
    server: specialServer,
    View: SpecialList,
    schema: specialSchema,
    sizes: { first: 4, next: 4, offset: 9 },
    sections: "/especiales,/especiales-editoriales,/especiales-multimedia",
    label: LOAD_MORE_LABEL,
    showsSection: true,
  },
  {
    type: "gallery-grid",
    server: galleryGridServer,
    View: GalleryGrid,
    schema: galleryGridSchema,
    sizes: { first: 12, next: 12, offset: 9 },
    sections: "/galerias",
    label: LOAD_MORE_LABEL,
    showsSection: false,
  },
];

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };

it("holds the spec's numbers in each block's rule and in its schema's documented defaults", () => {
  expect(PAST_FORUMS).toEqual(rows[0].sizes);
  expect(UNMISSABLE_MOMENTS).toEqual(rows[1].sizes);
  expect(MULTIMEDIA_GALLERY).toEqual(rows[2].sizes);
  expect(CARTOONS_GRID).toEqual(rows[3].sizes);
  expect(SPECIAL_LIST).toEqual(rows[4].sizes);
  expect(GALLERY_GRID).toEqual(rows[5].sizes);
  expect([MULTIMEDIA_GALLERY_LABEL, CARTOONS_GRID_LABEL]).toEqual(["CARGAR MÁS", "VER MÁS CARICATURAS"]);
  for (const row of rows) {
    const { properties } = row.schema;
    expect([properties.feedSize.default, properties.loadMoreSize.default, properties.offset.default], row.type).toEqual([
      row.sizes.first,
      row.sizes.next,
      row.sizes.offset,
    ]);
  }
});

describe.each(rows.map((row) => [row.type, row] as const))("%s", (_type, row) => {
  const settings = { published: true };

  it("asks for the first batch at its offset, then each next batch where load more says, from its section(s)", () => {
    expect(row.server.fetch!(settings, context).stories.query).toMatchObject({
      website: "semana",
      includeSections: row.sections,
      feedSize: row.sizes.first,
      feedOffset: row.sizes.offset,
    });
    const next = row.sizes.offset + row.sizes.first;
    expect(row.server.fetch!(settings, { ...context, cursor: { offset: next } }).stories.query).toMatchObject({
      includeSections: row.sections,
      feedSize: row.sizes.next,
      feedOffset: next,
    });
    // An editor may name another section and other sizes.
    expect(row.server.fetch!({ ...settings, section: "/nacion", feedSize: 3, loadMoreSize: 2, offset: 7 }, context).stories.query).toMatchObject({
      includeSections: "/nacion",
      feedSize: 3,
      feedOffset: 7,
    });
  });

  /** The block as the server renders it for a feed of `count` items, the first batch answered. */
  function rendered(count: number) {
    const first = Array.from({ length: row.sizes.first }, (_, i) => makeStory(row.sizes.offset + i, { section: { _id: "/galerias", name: "Galerías" } }));
    const next = row.sizes.offset + row.sizes.first;
    const feed = makeFeed([...first, makeStory(99, { noImage: true })], { count, ...(next < count ? { next } : {}) });
    const data = row.server.transform!({ stories: feed }, settings, context);
    return new DOMParser().parseFromString(renderToString(<row.View id="bloque" pageId="pagina" settings={settings} data={data} />), "text/html");
  }

  it("shows the first batch (items without a promo image left out), its title and its own load-more label", () => {
    const doc = rendered(40);
    expect(doc.querySelectorAll("[data-load-more-list] > li")).toHaveLength(row.sizes.first);
    expect(doc.querySelector("h2")?.textContent ?? undefined).toBe(row.title);
    const button = doc.querySelector<HTMLButtonElement>("button[data-load-more]");
    expect(button?.textContent).toBe(row.label);
    expect(button?.dataset.loadMore).toBe(`/_block/pagina/bloque?offset=${row.sizes.offset + row.sizes.first}`);
    expect(doc.body.textContent?.includes("Galerías"), "section labels").toBe(row.showsSection);
  });

  it("has no button once the feed has nothing after this batch", () => {
    expect(rendered(row.sizes.offset + row.sizes.first).querySelector("button")).toBeNull();
  });
});
