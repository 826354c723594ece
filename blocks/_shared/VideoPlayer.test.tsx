// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { enhance } from "./enhance";
import { VideoPlayer } from "./VideoPlayer";

beforeAll(() => enhance(document));

describe("VideoPlayer", () => {
  it("shows the thumbnail linking to the video, and puts the player in its place on a click", () => {
    const { container } = render(<VideoPlayer videoId="nKW3wvhnZoE" title="Debate presidencial" />);
    const link = screen.getByRole("link", { name: "Reproducir video: Debate presidencial" });
    // Without scripts the link opens the video on YouTube.
    expect(link.getAttribute("href")).toBe("https://www.youtube.com/watch?v=nKW3wvhnZoE");
    expect(container.querySelector("iframe")).toBeNull();
    const img = link.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://i.ytimg.com/vi/nKW3wvhnZoE/hqdefault.jpg");
    expect(img.getAttribute("loading")).toBe("lazy");

    fireEvent.click(link);
    const iframe = container.querySelector("iframe")!;
    expect(iframe.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/nKW3wvhnZoE(\?|$)/);
    expect(iframe.getAttribute("title")).toBe("Debate presidencial");
    expect(iframe.className).toMatch(/frame/);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("has a label without a title and loads eagerly as a lead", () => {
    render(<VideoPlayer videoId="nKW3wvhnZoE" eager />);
    const link = screen.getByRole("link", { name: "Reproducir video: video de YouTube" });
    expect(link.querySelector("img")!.getAttribute("loading")).toBe("eager");
  });
});
