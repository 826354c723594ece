import { youtubeEmbedId, youtubeId } from "./youtube";

describe("youtubeId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=nKW3wvhnZoE", "nKW3wvhnZoE"],
    ["https://m.youtube.com/watch?feature=share&v=nKW3wvhnZoE&t=42s", "nKW3wvhnZoE"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/a1B2c3D4e5F", "a1B2c3D4e5F"],
    ["https://youtu.be/nKW3wvhnZoE?si=abc", "nKW3wvhnZoE"],
    ["youtu.be/_-abcdefghi", "_-abcdefghi"],
  ])("%s → %s", (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://www.youtube.com/channel/UCabc",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/embed/tooLongAnId12345",
    "",
  ])("no id in %s", (url) => {
    expect(youtubeId(url)).toBeUndefined();
  });

  it("tolerates non-strings", () => {
    expect(youtubeId(undefined)).toBeUndefined();
    expect(youtubeId(42 as any)).toBeUndefined();
  });

  it("finds the player in embedded HTML, not in plain links", () => {
    expect(youtubeEmbedId('<p>x</p><iframe width="560" src="https://www.youtube.com/embed/nKW3wvhnZoE" frameborder="0"></iframe>')).toBe("nKW3wvhnZoE");
    expect(youtubeEmbedId("<iframe src='https://player.vimeo.com/video/1'></iframe>")).toBeUndefined();
    expect(youtubeEmbedId('<a href="https://youtu.be/nKW3wvhnZoE">video</a>')).toBeUndefined();
  });
});
