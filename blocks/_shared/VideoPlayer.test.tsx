// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { VideoPlayer } from "./VideoPlayer";

describe("VideoPlayer", () => {
  it("shows the thumbnail and a play button, and no iframe until clicked", () => {
    const { container } = render(<VideoPlayer videoId="nKW3wvhnZoE" title="Debate presidencial" />);
    const button = screen.getByRole("button", { name: "Reproducir video: Debate presidencial" });
    expect(container.querySelector("iframe")).toBeNull();
    const img = button.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("https://i.ytimg.com/vi/nKW3wvhnZoE/hqdefault.jpg");
    expect(img.getAttribute("loading")).toBe("lazy");

    fireEvent.click(button);
    const iframe = container.querySelector("iframe")!;
    expect(iframe.getAttribute("src")).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/nKW3wvhnZoE(\?|$)/);
    expect(iframe.getAttribute("title")).toBe("Debate presidencial");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("has a label without a title and loads eagerly as a lead", () => {
    render(<VideoPlayer videoId="nKW3wvhnZoE" eager />);
    const button = screen.getByRole("button", { name: "Reproducir video: video de YouTube" });
    expect(button.querySelector("img")!.getAttribute("loading")).toBe("eager");
  });
});
