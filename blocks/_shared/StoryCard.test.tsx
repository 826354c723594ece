// @vitest-environment jsdom
import { ANS_FIXTURES_DIR } from "../../tests/fixtures";
import fs from "node:fs";
import { render, screen } from "@testing-library/react";
import { CARD_HEADLINE_LIMIT, CARD_SOURCE_INCLUDE, CARD_SUMMARY_LIMIT, EXCLUDED_LISTING_SECTION, SHORT_SUBHEADLINE, toCardStories, toCardStory } from "./cards";
import { StoryCard } from "./StoryCard";
import { makeStory, PRINT_EDITION } from "./StoryCard.fixtures";

describe("StoryCard", () => {
  it("keeps the limits: headline 150 characters, summary 120 with an ellipsis, /edicion left out (docs/listings.md#text-limits)", () => {
    expect(CARD_HEADLINE_LIMIT).toBe(150);
    expect(CARD_SUMMARY_LIMIT).toBe(120);
    expect(EXCLUDED_LISTING_SECTION).toBe("/edicion");
  });

  it("shows the section, the headline linking to the story and a lazy 16:9 image with srcset and alt text", () => {
    const story = toCardStory(makeStory(0))!;
    render(<StoryCard story={story} />);
    const link = screen.getByRole("link", { name: story.headline });
    expect(link.getAttribute("href")).toBe("/nacion/articulo/historia-1/100000/");
    expect(screen.getByText("Nación")).toBeTruthy();
    const image = screen.getByRole("img", { name: "Foto de la historia 1" }) as HTMLImageElement;
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("srcset")).toContain("/images/historia-1.jpg?w=480 480w");
    expect(Number(image.getAttribute("width")) / Number(image.getAttribute("height"))).toBeCloseTo(16 / 9);
  });

  it("is one link: the headline's, with the image inside the card but not in a link of its own", () => {
    const story = toCardStory(makeStory(0))!;
    const { container } = render(<StoryCard story={story} />);
    expect([...container.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual([story.url]);
    expect(container.querySelector("a img")).toBeNull();
    expect(container.querySelector("article img")).not.toBeNull();
  });

  it.each([
    ["lead", "/images/historia-1.jpg?w=1024", [480, 768, 1024, 1440]],
    ["standard", "/images/historia-1.jpg?w=480", [480, 768]],
    ["compact", "/images/historia-1.jpg?w=480", []],
  ] as const)("a lazy %s card's image: src %s, srcset widths %j sized by its layout, and a 16:9 width and height", (variant, src, widths) => {
    const story = toCardStory(makeStory(0))!;
    const img = render(<StoryCard story={story} variant={variant} />).container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe(src);
    const srcset = img.getAttribute("srcset");
    expect(srcset ? srcset.split(", ").map((candidate) => Number(candidate.split(" ")[1].slice(0, -1))) : []).toEqual(widths);
    expect(img.getAttribute("sizes")).toBe(widths.length ? "auto" : null);
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.getAttribute("fetchpriority")).toBeNull();
    const [width, height] = [Number(img.getAttribute("width")), Number(img.getAttribute("height"))];
    expect(width).toBe(Number(new URL(src, "http://x").searchParams.get("w")));
    expect(width / height).toBeCloseTo(16 / 9, 2);
  });

  it("loads a priority image (the page's largest paint) at once and first, with the column's sizes hint", () => {
    const story = toCardStory(makeStory(0))!;
    const img = render(<StoryCard story={story} variant="lead" priority />).container.querySelector("img")!;
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("sizes")).toBe("(min-width: 1024px) 66vw, 100vw");
    expect(img.getAttribute("width")).toBe("1024");
    expect(img.getAttribute("height")).toBe("576");
  });

  it("cuts a long headline at 150 characters and a long summary at 120 plus '...'", () => {
    const headline = "Titular ".repeat(30).trim(); // 239 characters
    const description = "Resumen largo de la noticia ".repeat(10).trim();
    const story = toCardStory(makeStory(1, { headline, description }))!;
    // The card data is cut on the server: the full texts never travel to the browser.
    expect(story.headline.length).toBeLessThanOrEqual(CARD_HEADLINE_LIMIT);
    expect(story.summary!.length).toBeLessThanOrEqual(CARD_SUMMARY_LIMIT + 3);
    render(<StoryCard story={story} showSummary />);
    const shown = screen.getByRole("heading").textContent!;
    expect(shown.length).toBeLessThanOrEqual(CARD_HEADLINE_LIMIT);
    expect(headline.startsWith(shown)).toBe(true);
    const summary = screen.getByText(/^Resumen largo/).textContent!;
    expect(summary.endsWith("...")).toBe(true);
    expect(summary.length).toBeLessThanOrEqual(CARD_SUMMARY_LIMIT + 3);
    expect(description.startsWith(summary.slice(0, -3))).toBe(true);
  });

  it("leaves short texts whole and shows the summary on the lead variant only by default", () => {
    const story = toCardStory(makeStory(2, { description: "Un resumen corto." }))!;
    const { rerender } = render(<StoryCard story={story} variant="lead" priority />);
    expect(screen.getByText("Un resumen corto.")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("loading")).toBe("eager");
    rerender(<StoryCard story={story} variant="standard" />);
    expect(screen.queryByText("Un resumen corto.")).toBeNull();
  });

  it("shows a relative time or the long date", () => {
    const story = toCardStory(makeStory(3, { minutesAgo: 10 }))!;
    const { rerender } = render(<StoryCard story={story} time="relative" />);
    expect(screen.getByText("Hace 10 minutos")).toBeTruthy();
    const dated = { ...story, date: "2024-03-15T17:00:00Z" };
    rerender(<StoryCard story={dated} time="date" />);
    expect(screen.getByText("15 de marzo de 2024")).toBeTruthy();
  });

  it("uses the heading level and custom section label it is given, and labels videos", () => {
    const story = toCardStory(makeStory(4, { type: "video" }))!;
    render(<StoryCard story={story} headingLevel={2} sectionLabel="Especial" />);
    expect(screen.getByRole("heading", { level: 2 })).toBeTruthy();
    expect(screen.getByText("Especial")).toBeTruthy();
    expect(screen.queryByText("Nación")).toBeNull();
    expect(screen.getByText("Video")).toBeTruthy();
  });
});

describe("toCardStories", () => {
  it("drops items without a basic promo image and, when asked, items of /edicion", () => {
    const docs = [makeStory(0), makeStory(1, { noImage: true }), makeStory(2, { section: PRINT_EDITION }), makeStory(3)];
    expect(toCardStories(docs).map((card) => card.id)).toEqual(["HISTORIA0000", "HISTORIA0002", "HISTORIA0003"]);
    expect(toCardStories(docs, { excludePrintEditions: true }).map((card) => card.id)).toEqual(["HISTORIA0000", "HISTORIA0003"]);
  });

  it("survives malformed input and the foreign ANS fixtures", () => {
    expect(toCardStories(undefined)).toEqual([]);
    expect(toCardStories([null, 3, "x", { _id: 5 }])).toEqual([]);
    const fixture = JSON.parse(fs.readFileSync(`${ANS_FIXTURES_DIR}/story-fixture-good.json`, "utf8"));
    const [card] = toCardStories([fixture]);
    expect(card.headline).toBe("The default headline for this story");
    expect(card.image).toEqual({ url: "https://tinyurl.com/mqyonhb", alt: "Never gonna give you up" });
    render(<StoryCard story={card} />);
    // External images cannot be resized: no srcset, the URL as it is.
    expect(screen.getByRole("img").getAttribute("src")).toBe("https://tinyurl.com/mqyonhb");
  });

  it("keeps the subheadline only when a block asks, cut at the block's limit (80 for video and print cards)", () => {
    const long = "Una entrada larga que explica el video completo con todos sus detalles, sus protagonistas y lo que viene después.";
    const doc = { ...makeStory(5), subheadlines: { basic: `  ${long}  ` } };
    expect(toCardStory(doc)!.subheadline).toBeUndefined();
    expect(SHORT_SUBHEADLINE).toEqual({ limit: 80, ellipsis: "..." });
    const cut = toCardStories([doc], { subheadline: SHORT_SUBHEADLINE })[0].subheadline!;
    expect(cut).toBe(`${long.slice(0, 80).trimEnd()}...`);
    expect(toCardStories([doc], { subheadline: { limit: 80 } })[0].subheadline).toBe(long.slice(0, 80).trimEnd());
    expect(toCardStories([doc], { subheadline: { limit: 150, ellipsis: "..." } })[0].subheadline).toBe(long);
    expect(toCardStories([doc], { subheadline: { limit: 20, ellipsis: "..." } })[0].subheadline).toBe("Una entrada larga qu...");
    // A document without one, or with a non-text one, has none.
    expect(toCardStories([makeStory(6), { ...makeStory(7), subheadlines: { basic: 7 } }], { subheadline: { limit: 80 } }).map((c) => c.subheadline)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("asks sources only for the fields a card reads", () => {
    expect(CARD_SOURCE_INCLUDE.split(",")).toEqual(expect.arrayContaining(["headlines.basic", "promo_items.basic", "canonical_url"]));
  });
});
