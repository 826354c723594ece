// The settings form's lookup over real HTTP (GET /_editor/api/buscar, docs/editor-tools.md#page-editor):
// a brand's sections, tags, authors, galleries, collections and navigation trees found by words of
// their names (any case, accents ignored), at most 20; the ids a page writes named, the missing ones
// listed; a bad query string a 400 that says what is wrong.
import { testDocument, makeTestCorpus } from "../content/testing/corpus";
import { siteServerForFile } from "../../tests/support/site-server";

function corpus() {
  const corpus = makeTestCorpus();
  const tagged = testDocument({ brand: "semana", id: "TAG001", headline: "El Gobierno radica la reforma pensional", section: "/nacion", hoursAgo: 1 });
  tagged.taxonomy.tags = [
    { slug: "gustavo-petro", text: "Gustavo Petro" },
    { slug: "reforma-pensional", text: "Reforma pensional" },
  ];
  corpus.documents.push(tagged);
  // More sections than one answer lists.
  for (let i = 1; i <= 25; i++) corpus.sections.push({ _id: `/regiones/region-${i}`, brand: "semana", name: `Región ${i}` });
  return corpus;
}

const server = siteServerForFile(() => ({ env: { EDITOR: "1" }, corpus: corpus() }));
const lookup = (query: string) => fetch(`${server.site.origin}/_editor/api/buscar?${query}`);
const items = async (query: string) => {
  const answer = await lookup(query);
  expect(answer.status, query).toBe(200);
  return (await answer.json()).items;
};

describe("the editor's lookup", () => {
  it("finds a brand's sections by part of their name, without accents, each with its path", async () => {
    expect(await items("kind=section&brand=semana&q=econo")).toEqual([
      { id: "/economia", name: "Economía" },
      { id: "/economia/capsulas", name: "Cápsulas económicas" },
      { id: "/economia/empresas", name: "Empresas" },
    ]);
    expect(await items("kind=section&brand=semana&q=C%C3%81PSULAS")).toEqual([{ id: "/economia/capsulas", name: "Cápsulas económicas" }]);
    // Another brand's sections are not offered.
    expect(await items("kind=section&brand=semana&q=moda")).toEqual([]);
    expect(await items("kind=section&brand=fucsia&q=moda")).toEqual([{ id: "/moda", name: "Moda" }]);
  });

  it("answers at most 20, those whose name starts with the words first", async () => {
    const regions = await items("kind=section&brand=semana&q=region");
    expect(regions).toHaveLength(20);
    expect(regions[0]).toEqual({ id: "/regiones/region-1", name: "Región 1" });
    expect(await items("kind=section&brand=semana")).toHaveLength(20);
  });

  it("finds tags by their text, authors by their byline, galleries by their headline, collections and navigation trees", async () => {
    expect(await items("kind=tag&brand=semana&q=petro")).toEqual([{ id: "gustavo-petro", name: "Gustavo Petro" }]);
    // Authors by the slug pages write, found by their byline.
    expect(await items("kind=author&brand=semana&q=davila")).toEqual([{ id: "vicky-dvila", name: "Vicky Dávila", detail: "Directora" }]);
    expect(await items("kind=gallery&brand=semana&q=vallenato")).toEqual([
      { id: "GAL001", name: "Las fotos del Festival Vallenato", detail: expect.stringMatching(/^\/galerias\/articulo\//) },
    ]);
    expect(await items("kind=collection&brand=semana&q=ultimo")).toEqual([{ id: "COL-ULTIMAS", name: "Lo último" }]);
    expect(await items("kind=navigation&brand=semana&q=nav")).toEqual([{ id: "navSemanaTv", name: "navSemanaTv" }]);
  });

  it("names the ids a page writes, as written, and lists those that name nothing", async () => {
    const answer = await lookup("kind=section&brand=semana&id=nacion&id=%2Feconomia%2Fempresas%2F&id=%2Fantigua-seccion");
    expect(await answer.json()).toEqual({
      kind: "section",
      brand: "semana",
      items: [
        { id: "nacion", name: "Nación" },
        { id: "/economia/empresas/", name: "Empresas" },
      ],
      missing: ["/antigua-seccion"],
    });
    // An author by slug or by record id; a tag by its slug or its text.
    expect(await items("kind=author&brand=semana&id=vicky-dvila&id=Vicky%20D%C3%A1vila&id=maria-jimena-duzan")).toEqual([
      { id: "vicky-dvila", name: "Vicky Dávila", detail: "Directora" },
      { id: "Vicky Dávila", name: "Vicky Dávila", detail: "Directora" },
      { id: "maria-jimena-duzan", name: "María Jimena Duzán", detail: "Columnista" },
    ]);
    expect(await items("kind=tag&brand=semana&id=Gustavo%20Petro&id=reforma-pensional")).toEqual([
      { id: "Gustavo Petro", name: "Gustavo Petro" },
      { id: "reforma-pensional", name: "Reforma pensional" },
    ]);
    expect((await (await lookup("kind=collection&brand=fucsia&id=COL-ULTIMAS")).json()).missing).toEqual(["COL-ULTIMAS"]);
  });

  it("refuses a bad query string with a 400 that says what is wrong", async () => {
    const cases: Array<[string, RegExp]> = [
      ["brand=semana&q=x", /falta «kind»: use section, collection, tag, author, gallery, navigation/],
      ["kind=seccion&brand=semana", /«kind» desconocido «seccion»/],
      ["kind=source&brand=semana", /«kind» desconocido «source»/],
      ["kind=section", /falta «brand»: use semana/],
      ["kind=section&brand=cambio", /marca desconocida «cambio»/],
      ["tipo=section&marca=semana", /parámetro desconocido «tipo»: se esperan kind, brand, q, id/],
      ["kind=section&kind=tag&brand=semana", /«kind» debe aparecer una sola vez/],
      ["kind=section&brand=semana&q[a]=b", /«q» debe aparecer una sola vez/],
      [`kind=section&brand=semana&q=${"a".repeat(101)}`, /«q» es demasiado largo \(101 caracteres; hasta 100\)/],
      ["kind=section&brand=semana&q=x&id=nacion", /no ambos/],
      ["kind=section&brand=semana&id=", /cada «id» debe ser un texto no vacío/],
      ["kind=section&brand=semana&id[a]=b", /cada «id» debe ser un texto no vacío/],
      [Array.from({ length: 51 }, (_, i) => `id=s${i}`).join("&") + "&kind=section&brand=semana", /demasiados «id» \(51; hasta 50\)/],
    ];
    for (const [query, message] of cases) {
      const answer = await lookup(query);
      expect(answer.status, query).toBe(400);
      expect((await answer.json()).error, query).toMatch(message);
    }
    // Whatever the words, an answer: they are never SQL.
    expect(await items(`kind=tag&brand=semana&q=${encodeURIComponent("%' OR 1=1 --")}`)).toEqual([]);
    expect((await items(`kind=section&brand=semana&q=${encodeURIComponent("%_\\")}`)).length).toBe(20);
  });
});
