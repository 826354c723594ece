// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { NEXT_LABEL, PREV_LABEL } from "../_shared/Carousel";
import AuthorCarousel from "./index";
import block, { AUTHOR_CAROUSEL_SIZE, authorIds } from "./index.server";

const context: PageContext = { brand: "semana", path: "/opinion/", params: {}, query: {} };
const ids = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), `columnista-${i + 1}`]));
const record = (id: string, i: number) => ({ _id: id, slug: id, byline: `Columnista ${i + 1}`, image: `/images/autor-${String(i + 1).padStart(2, "0")}.jpg` });
const answer = (n: number) => ({ authors: { authors: Object.values(ids(n)).map(record) } });

describe("author-carousel", () => {
  it("asks authors-api for the first 12 authors of autorIds, in their order, each once", () => {
    expect(AUTHOR_CAROUSEL_SIZE).toBe(12);
    expect(authorIds({ autorIds: { "1": "b", "2": " a ", "3": "b", "4": "" } })).toEqual(["b", "a"]);
    const fetches = block.fetch!({ published: true, autorIds: ids(15) }, context);
    expect(fetches.authors).toEqual({
      source: "authors-api",
      query: { website: "semana", idAutor: Object.values(ids(12)).join(",") },
    });
    expect(block.fetch!({ published: true }, context)).toEqual({});
  });

  it("shows each author's photo and name linking to /opinion/{slug}/, with arrows only when there are more than 7", () => {
    const twelve = block.transform!(answer(12), { published: true, title: "Columnistas" }, context);
    expect(twelve.arrows).toBe(true);
    const { container, unmount } = render(<AuthorCarousel id="columnistas" pageId="p" settings={{ published: true }} data={twelve} />);
    expect(screen.getByRole("heading", { level: 2, name: "Columnistas" })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links).toHaveLength(12);
    expect(links[0].getAttribute("href")).toBe("/opinion/columnista-1/");
    expect(links[0].textContent).toBe("Columnista 1");
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/images/autor-01.jpg?w=480");
    expect(screen.getByRole("button", { name: PREV_LABEL })).toBeTruthy();
    expect(screen.getByRole("button", { name: NEXT_LABEL })).toBeTruthy();
    unmount();

    const seven = block.transform!(answer(7), { published: true }, context);
    expect(seven.arrows).toBe(false);
    render(<AuthorCarousel id="columnistas" pageId="p" settings={{ published: true }} data={seven} />);
    expect(screen.getAllByRole("link")).toHaveLength(7);
    expect(screen.queryByRole("button", { name: NEXT_LABEL })).toBeNull();
    expect(block.transform!(answer(8), { published: true }, context).arrows).toBe(true);
  });

  it("leaves out records without a name or an id, and is empty with none", () => {
    const data = block.transform!({ authors: { authors: [{ _id: "x" }, { byline: "Sin id" }, record("ana-gomez", 0)] } }, { published: true }, context);
    expect(data.authors.map((author) => author.href)).toEqual(["/opinion/ana-gomez/"]);
    expect(block.isEmpty!(block.transform!({ authors: { authors: [] } }, { published: true }, context), { published: true })).toBe(true);
  });
});
