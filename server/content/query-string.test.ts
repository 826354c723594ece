import { describe, expect, it } from "vitest";
import { parseQueryString, toQueryString } from "./query-string";

describe("Content API query strings", () => {
  it("reads fields, groups, negations, ranges, _exists_ and free words", () => {
    expect(
      parseQueryString(
        'type:story AND taxonomy.sections._id:("/nacion" OR "/politica") -taxonomy.primary_section._id:"/edicion" ' +
          "NOT subtype:opinion _exists_:promo_items.basic.url display_date:[2024-05-20T05:00:00Z TO 2024-05-21T05:00:00Z} reforma",
      ),
    ).toEqual({
      types: ["story"],
      sections: ["/nacion", "/politica"],
      exclude: { primarySections: ["/edicion"], subtypes: ["opinion"] },
      hasPromoImage: true,
      displayDate: { gte: "2024-05-20T05:00:00.000Z", lt: "2024-05-21T05:00:00.000Z" },
      text: "reforma",
    });
    expect(parseQueryString("*:*")).toEqual({});
    expect(parseQueryString('"festival vallenato" -lluvia')).toEqual({ text: '"festival vallenato" -lluvia' });
  });

  it("says what is wrong and where", () => {
    expect(() => parseQueryString("seccion:nacion")).toThrow(/campo «seccion» no admitido \(admitidos: _id, type/);
    expect(() => parseQueryString('type:"story')).toThrow(/comillas sin cerrar \(posición 6 de «type:"story»\)/);
    expect(() => parseQueryString("type:story OR type:video")).toThrow(/OR sólo se admite entre paréntesis/);
    expect(() => parseQueryString("publish_date:[ayer TO hoy]")).toThrow(/publish_date: «ayer» no es una fecha/);
    expect(() => parseQueryString("type:story type:video")).toThrow(/type aparece dos veces/);
  });

  it("reads a reader's search box without ever failing", () => {
    expect(parseQueryString("nación: ¿qué pasó? OR", { unknownFields: "text" })).toEqual({ text: "nación: ¿qué pasó?" });
    expect(parseQueryString('"sin cerrar', { unknownFields: "text" })).toEqual({ text: "sin cerrar" });
  });

  it("writes criteria that read back the same", () => {
    const criteria = {
      types: ["video"],
      youtubeIds: ['id"raro', "otro"],
      authors: ["Vicky Dávila"],
      exclude: { primarySections: ["/edicion"], ids: ["X1"] },
      publishDate: { gt: "2024-01-01T00:00:00.000Z", lte: "2024-02-01T00:00:00.000Z" },
      hasPromoImage: false,
      text: '"festival vallenato" -lluvia',
    };
    expect(parseQueryString(toQueryString(criteria))).toEqual(criteria);
    expect(toQueryString({})).toBe("*:*");
  });
});
