// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { generateCorpus } from "../../server/content/seed";
import VideoJournalists from "./index";
import block from "./index.server";

const tree = generateCorpus({ scale: 0.05 }).navigation.find((record) => record.brand === "semana" && record.id === "navSemanaTv")!.tree;
const ctx = (params: Record<string, string> = {}): PageContext => ({ brand: "semana", path: "/tv/", params, query: {} });

describe("video-journalists", () => {
  it("shows the 8 video journalists with photo and name, linking to their pages", () => {
    const data = block.transform!({ navegacion: tree }, { published: true }, ctx());
    render(<VideoJournalists id="periodistas" pageId="tv" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "Periodistas" })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(8);
    expect(links[0].getAttribute("href")).toMatch(/^\/semana-tv\/periodistas\/[a-z-]+\/$/);
    expect(links[0].querySelector("img")?.getAttribute("src")).toMatch(/^\/images\/autor-\d+\.jpg\?w=480$/);
  });

  it("on a journalist's page leaves that journalist out, under 'Otros periodistas'", () => {
    const slug = block.transform!({ navegacion: tree }, { published: true }, ctx()).journalists[2].slug;
    const data = block.transform!({ navegacion: tree }, { published: true }, ctx({ slug }));
    expect(data.title).toBe("Otros periodistas");
    expect(data.journalists).toHaveLength(7);
    expect(data.journalists.some((journalist) => journalist.slug === slug)).toBe(false);
  });
});
