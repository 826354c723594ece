// @vitest-environment jsdom
import { ANS_FIXTURES_DIR } from "../../tests/fixtures";
import fs from "node:fs";
import { render, screen } from "@testing-library/react";
import { CARD_HEADLINE_LIMIT, CARD_SOURCE_INCLUDE, CARD_SUMMARY_LIMIT, EXCLUDED_LISTING_SECTION, toCardStories, toCardStory } from "./cards";
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

  it("asks sources only for the fields a card reads", () => {
    expect(CARD_SOURCE_INCLUDE.split(",")).toEqual(expect.arrayContaining(["headlines.basic", "promo_items.basic", "canonical_url"]));
  });
});
