import { describe, expect, it } from "vitest";
import { redirectLocation, redirectParameters, redirectStatus } from "./redirects";

describe("redirect pages", () => {
  it("fill the route's parameters in, percent-encoded, so that a value never adds a host or a segment", () => {
    expect(redirectParameters("/opinion/{slug}/{x}/")).toEqual(["slug", "x"]);
    expect(redirectLocation({ url: "/opinion/{slug}/" }, { slug: "vicky-davila" }, "")).toBe("/opinion/vicky-davila/");
    expect(redirectLocation({ url: "/{slug}/" }, { slug: "/evil.example" }, "")).toBe("/%2Fevil.example/");
    expect(redirectLocation({ url: "/opinion/{slug}/" }, { slug: "a/../b?c" }, "")).toBe("/opinion/a%2F..%2Fb%3Fc/");
  });

  it("keep the request's query string after the URL's own and before its fragment", () => {
    expect(redirectLocation({ url: "/suscripciones/" }, {}, "?utm_source=boletin&x=1")).toBe("/suscripciones/?utm_source=boletin&x=1");
    expect(redirectLocation({ url: "https://www.semana.com/store/?offerId=466" }, {}, "?utm_source=x")).toBe(
      "https://www.semana.com/store/?offerId=466&utm_source=x",
    );
    expect(redirectLocation({ url: "/store/?#planes" }, {}, "?a=1")).toBe("/store/?a=1#planes");
    expect(redirectLocation({ url: "/store/" }, {}, "?")).toBe("/store/");
  });

  it("are permanent (301) unless they say otherwise (302)", () => {
    expect(redirectStatus({ url: "/" })).toBe(301);
    expect(redirectStatus({ url: "/", permanent: true })).toBe(301);
    expect(redirectStatus({ url: "/", permanent: false })).toBe(302);
  });
});
