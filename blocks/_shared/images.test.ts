import { AUTO_SIZES, imageSrcSet, imageUrl, responsiveImage } from "./images";

describe("responsive images", () => {
  it("asks this server for a width of its own images and leaves other URLs alone", () => {
    expect(imageUrl("/images/a.jpg", 768)).toBe("/images/a.jpg?w=768");
    expect(imageUrl("/images/a.jpg?w=1440", 480)).toBe("/images/a.jpg?w=480");
    expect(imageUrl("https://example.com/a.jpg", 768)).toBe("https://example.com/a.jpg");
    expect(imageSrcSet("/images/a.jpg", 768)).toBe("/images/a.jpg?w=480 480w, /images/a.jpg?w=768 768w");
    expect(imageSrcSet("https://example.com/a.jpg")).toBeUndefined();
  });

  it("gives a lazy image sizes=auto and a priority image its sizes hint, eager and first", () => {
    const options = { srcWidth: 480, maxWidth: 768, sizes: "(min-width: 1024px) 25vw, 100vw" };
    expect(responsiveImage("/images/a.jpg", options)).toEqual({
      src: "/images/a.jpg?w=480",
      srcSet: "/images/a.jpg?w=480 480w, /images/a.jpg?w=768 768w",
      sizes: AUTO_SIZES,
      width: 480,
      height: 270,
      loading: "lazy",
    });
    expect(responsiveImage("/images/a.jpg", { ...options, priority: true })).toEqual({
      src: "/images/a.jpg?w=480",
      srcSet: "/images/a.jpg?w=480 480w, /images/a.jpg?w=768 768w",
      sizes: "(min-width: 1024px) 25vw, 100vw",
      width: 480,
      height: 270,
      loading: "eager",
      fetchpriority: "high",
    });
  });

  it("writes no srcset when there is no wider variant or the image is not this server's, and always a width and height", () => {
    expect(responsiveImage("/images/a.jpg", { srcWidth: 480, maxWidth: 480, sizes: "128px" })).toEqual({
      src: "/images/a.jpg?w=480",
      width: 480,
      height: 270,
      loading: "lazy",
    });
    expect(responsiveImage("https://example.com/a.jpg", { srcWidth: 1024, maxWidth: 1440, sizes: "100vw" })).toEqual({
      src: "https://example.com/a.jpg",
      width: 1024,
      height: 576,
      loading: "lazy",
    });
  });
});
