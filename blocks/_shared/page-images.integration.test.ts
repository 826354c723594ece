// The images of the pages Lighthouse measures (npm run lighthouse), as the production server renders
// them from the seeded content for every brand (docs/decisions/0014-page-weight-and-images.md): each
// has a width and a height (nothing shifts when it arrives), the page's largest paint loads at once
// and first, and the others load lazily, sized by their layout, from widths the image server makes.
import { brands } from "../../brands";
import type { BrandId } from "../../domain/brands";
import { IMAGE_WIDTHS } from "../../domain/images";
import { seededPages } from "../../tests/bench/lighthouse-pages";
import { requestSite } from "../../tests/support/site-http";
import { generatedSiteForFile } from "../../tests/support/site-server";

/** An <img> of the page: its attributes by lower-case name, as React writes them (values in double quotes, entities left as they are). */
type Img = Map<string, string>;

function images(html: string): Img[] {
  return [...html.matchAll(/<img\b([^>]*?)\/?>/g)].map(
    ([, attributes]) => new Map([...attributes.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), value])),
  );
}

const describeImg = (img: Img) =>
  [...img]
    .map(([name, value]) => `${name}="${value}"`)
    .join(" ")
    .slice(0, 200);

interface Page {
  label: string;
  kind: string;
  images: Img[];
}

const server = generatedSiteForFile();
const pages: Page[] = [];

beforeAll(async () => {
  for (const [brand, kinds] of seededPages(server.corpus)) {
    for (const [kind, pagePath] of Object.entries(kinds)) {
      const answer = await requestSite(server.site.port, { host: brands[brand as BrandId].hosts[0], path: pagePath! });
      expect(answer.status, `${brand} ${kind} ${pagePath}`).toBe(200);
      pages.push({ label: `${brand} ${kind}`, kind, images: images(answer.body) });
    }
  }
}, 300_000);

/** An image in a width the image server made (?w=), not an original or another site's. */
const resized = (img: Img) => /^\/images\/[^?]+\?w=\d+$/.test(img.get("src") ?? "");

describe("the images of every brand's measured pages", () => {
  it("covers the six brands' homes, sections and articles, and the galleries, live blog and videos there are", () => {
    const labels = pages.map((page) => page.label);
    for (const brand of Object.keys(brands)) for (const kind of ["home", "section", "article"]) expect(labels).toContain(`${brand} ${kind}`);
    expect(labels).toEqual(expect.arrayContaining(["semana gallery", "semana live", "semana video", "soho gallery", "soho video"]));
  });

  it("give every image a width and a height", () => {
    for (const page of pages) {
      for (const img of page.images) {
        const [width, height] = [Number(img.get("width")), Number(img.get("height"))];
        expect(width > 0 && height > 0, `${page.label}: ${describeImg(img)}`).toBe(true);
      }
    }
  });

  it("load the largest paint of a home, a section or an article at once and first: its first large image, eager, fetchpriority high", () => {
    for (const page of pages.filter((p) => ["home", "section", "article", "gallery", "live"].includes(p.kind))) {
      const prioritised = page.images.filter((img) => img.get("fetchpriority") === "high");
      expect(prioritised, page.label).toHaveLength(1);
      const [lead] = prioritised;
      expect(lead.get("loading"), page.label).toBe("eager");
      expect(lead, `${page.label}: the first image with a srcset`).toBe(page.images.find((img) => img.has("srcset")));
      expect(lead.get("sizes"), page.label).not.toBe("auto");
    }
  });

  it("load every other resizable image lazily, sized by its layout, from widths the image server makes", () => {
    for (const page of pages) {
      for (const img of page.images.filter(resized)) {
        const where = `${page.label}: ${describeImg(img)}`;
        const candidates = (img.get("srcset") ?? "").split(", ").filter(Boolean);
        for (const candidate of [img.get("src")!, ...candidates]) {
          const [url, descriptor] = candidate.split(" ");
          const width = new URL(url, "http://localhost").searchParams.get("w");
          expect(IMAGE_WIDTHS, where).toContain(Number(width));
          if (descriptor) expect(descriptor, where).toBe(`${width}w`);
        }
        if (img.get("fetchpriority") !== "high") {
          expect(img.get("loading"), where).toBe("lazy");
          if (candidates.length) expect(img.get("sizes"), where).toBe("auto");
        }
      }
    }
  });
});
