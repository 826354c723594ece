// The link checker (issue 24, point 7): every site link on each brand's home, a section, an article
// of each template (docs/article-pages.md#layouts), Semana's /opinion/ and /tv/ and the help centre
// (docs/help-centre.md) answers 200, or a redirect that ends on a 200, on the production server with
// the generated corpus. Each distinct link is asked for once, a few at a time; the count of links
// checked is printed and named in the assertion's message.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { brandIds } from "../../domain/brands";
import { sectionPagePath } from "../../domain/sections";
import { chooseTemplate, layoutRulesSchema } from "../../domain/layout-rules";
import { anchorLinks, finalStatus, getPage, mapWithConcurrency, type SiteLink } from "../support/site-http";
import { generatedSiteForFile } from "../support/site-server";

const CONCURRENCY = 4;
const HELP_CENTRE = "/servicio-al-cliente/";

const server = generatedSiteForFile();

const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../page-definitions/layout-rules.json"), "utf8")));

/** The pages whose links are checked: per brand its home, a section, one article of each template it has. */
function pagesToCrawl(): SiteLink[] {
  const pages: SiteLink[] = [];
  for (const brand of brandIds) {
    pages.push({ brand, path: "/" });
    const stories = (server.corpus.documents as Array<Record<string, any>>).filter(
      (doc) => doc.canonical_website === brand && typeof doc.canonical_url === "string" && doc.canonical_url.startsWith("/") && !doc.related_content?.redirect,
    );
    const section = stories.find((doc) => doc.type === "story")?.taxonomy?.primary_section?._id;
    if (section) pages.push({ brand, path: sectionPagePath(brand, section) ?? `${section}/` });
    const byTemplate = new Map<string, string>();
    for (const doc of stories) {
      const template = chooseTemplate(rules, doc);
      if (!byTemplate.has(template)) byTemplate.set(template, doc.canonical_url);
    }
    for (const url of byTemplate.values()) pages.push({ brand, path: url });
    pages.push({ brand, path: HELP_CENTRE });
  }
  pages.push({ brand: "semana", path: "/opinion/" }, { brand: "semana", path: "/tv/" });
  return pages;
}

describe("link checker", () => {
  it("finds every site link on the crawled pages answering 200 or redirecting to a 200 (count in the message)", async () => {
    const pages = pagesToCrawl();
    expect(pages.length).toBeGreaterThan(brandIds.length * 4);
    const key = (link: SiteLink) => `${link.brand} ${link.path}`;
    const links = new Map<string, { link: SiteLink; on: string }>();
    const unreadable: string[] = [];
    await mapWithConcurrency(pages, CONCURRENCY, async (page) => {
      const answer = await getPage(server.site.port, page.brand, page.path);
      if (answer.status !== 200) unreadable.push(`${key(page)}: ${answer.status}`);
      for (const link of anchorLinks(page.brand, answer.body)) if (!links.has(key(link))) links.set(key(link), { link, on: key(page) });
    });
    expect(unreadable, "the crawled pages themselves").toEqual([]);
    const checked = [...links.values()];
    const statuses = await mapWithConcurrency(checked, CONCURRENCY, ({ link }) => finalStatus(server.site.port, link.brand, link.path));
    const broken = checked.flatMap(({ link, on }, i) => (statuses[i] === 200 ? [] : [`${key(link)}: ${statuses[i]} (on ${on})`]));
    const summary = `${checked.length} links checked on ${pages.length} pages`;
    console.info(`link checker: ${summary}, ${broken.length} broken`);
    expect(broken, summary).toEqual([]);
    expect(checked.length, summary).toBeGreaterThan(300);
  }, 600_000);
});
