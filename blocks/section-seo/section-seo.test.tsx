// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import SectionSeo, { BREADCRUMB_LABEL, breadcrumbJsonLd } from "./index";
import block, { HOME_LABEL } from "./index.server";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "soho", path: "/seccion/historias/", params: {}, query: {}, ...over });
const settings = { published: true };

function renderFor(context: PageContext, s: object = settings) {
  const data = block.transform!({}, s, context);
  return { data, ...render(<SectionSeo id="seo" pageId="p" settings={s} data={data} />) };
}

/** The absolute URL of the breadcrumb's last item: the section page's canonical URL. */
const canonical = (data: ReturnType<typeof renderFor>["data"]) => data && data.origin + data.crumbs[data.crumbs.length - 1].path;

describe("section-seo", () => {
  it("asks no content source: it reads the section from the URL and the brand's section tree", () => {
    expect(block.fetch).toBeUndefined();
  });

  it("shows 'Inicio', then the Soho section named by /seccion/<section>/, marked as the current page", () => {
    renderFor(ctx());
    const nav = screen.getByRole("navigation", { name: BREADCRUMB_LABEL });
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      [HOME_LABEL, "/"],
      ["Historias", "/seccion/historias/"],
    ]);
    expect(links[1].getAttribute("aria-current")).toBe("page");
    expect(links[0].getAttribute("aria-current")).toBeNull();
  });

  it("gives search engines a BreadcrumbList whose last item is the section's canonical URL on the public host", () => {
    const { data, container } = renderFor(ctx({ path: "/seccion/historias/?utm_source=x" }));
    expect(canonical(data)).toBe("https://www.soho.co/seccion/historias/");
    const json = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(json).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inicio", item: "https://www.soho.co/" },
        { "@type": "ListItem", position: 2, name: "Historias", item: "https://www.soho.co/seccion/historias/" },
      ],
    });
  });

  it("sends the browser the crumbs and the origin only: no query string, no brand configuration", () => {
    const data = block.transform!({}, settings, ctx({ path: "/seccion/historias/?utm_source=x" }));
    expect(Object.keys(data!).sort()).toEqual(["crumbs", "origin"]);
    expect(JSON.stringify(data)).not.toMatch(/utm_source|localhost/);
  });

  it("works for nested sections of other brands and for a fixed section", () => {
    const { data } = renderFor(ctx({ brand: "elpais", path: "/deportes/america-de-cali/" }));
    expect(data?.crumbs).toEqual([
      { name: "Inicio", path: "/" },
      { name: "América de Cali", path: "/deportes/america-de-cali/" },
    ]);
    expect(canonical(data)).toBe("https://www.elpais.com.co/deportes/america-de-cali/");
    expect(block.transform!({}, { ...settings, section: "/videos" }, ctx({ path: "/videos/" }))?.crumbs[1]).toEqual({ name: "Videos", path: "/videos/" });
  });

  it("is empty for a section the brand does not have, and for the home page", () => {
    expect(block.isEmpty!(block.transform!({}, settings, ctx({ path: "/seccion/no-existe/" })), settings)).toBe(true);
    expect(block.isEmpty!(block.transform!({}, settings, ctx({ brand: "fucsia", path: "/" })), settings)).toBe(true);
  });

  it("names the origin the page is served at (its canonical link's), else the brand's public host", () => {
    const served = block.transform!({}, settings, ctx({ path: "/seccion/historias/", origin: "http://soho.localhost:3000" }));
    expect(breadcrumbJsonLd(served!)).toContain('"item":"http://soho.localhost:3000/seccion/historias/"');
    expect(breadcrumbJsonLd(block.transform!({}, settings, ctx({ path: "/seccion/historias/" }))!)).toContain('"item":"https://www.soho.co/');
  });

  it("keeps a section name from closing the structured-data script", () => {
    const { container } = render(
      <SectionSeo
        id="seo"
        pageId="p"
        settings={settings}
        data={{
          origin: "https://x.co",
          crumbs: [
            { name: "Inicio", path: "/" },
            { name: "</script><b>", path: "/a/" },
          ],
        }}
      />,
    );
    expect(container.querySelector("b")).toBeNull();
    expect(JSON.parse(container.querySelector("script")!.textContent!).itemListElement[1].name).toBe("</script><b>");
  });
});
