import { describe, expect, it } from "vitest";
import { createRegistry } from "../runtime/registry";
import { createPageValidator, formatProblem } from "./page-files";
import { fakeSource, storyList, testRegistry, testValidatorSchemas } from "../tests/support/runtime-fixtures";

const validator = createPageValidator({ ...testValidatorSchemas, registry: testRegistry() });

/** Pretty-printed page text, so that line and column of each mistake are known. */
function pageText(overrides: Record<string, unknown> = {}, main: unknown[] = []): string {
  return JSON.stringify(
    { id: "portada", brand: "semana", route: "/", layout: "main-sidebar", metadata: { title: "Portada" }, regions: { main }, ...overrides },
    null,
    2,
  );
}

/** 1-based line and column of the n-th occurrence of `needle` in text. */
function at(text: string, needle: string, nth = 1): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i < nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`not found: ${needle}`);
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

describe("page validation", () => {
  it("names an outdated version and the command that fixes it, before anything else", () => {
    const v2 = createPageValidator({ ...testValidatorSchemas, schemaVersion: 2, registry: testRegistry() });
    const [problem, ...rest] = v2.check("p.json", pageText({}, [{ type: "story-lst", id: "a" }])).problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      pointer: "/schemaVersion",
      line: 1,
      column: 1,
      message: "versión de esquema 1 desactualizada: ejecute npm run migrate:pages (la actual es 2)",
    });
    const future = v2.check("p.json", pageText({ schemaVersion: 3 })).problems;
    expect(future[0]).toMatchObject({ pointer: "/schemaVersion", message: "versión de esquema 3 desconocida (la actual es 2)", value: 3 });
    expect(v2.check("p.json", pageText({ schemaVersion: 2 })).problems).toEqual([]);
  });

  it("names a block whose own settings migrations have not run on it, and the command that runs them", () => {
    const blockMigrations = {
      "story-list": [
        {
          description: "«size» pasa a llamarse «feedSize»",
          migrate: ({ size, ...rest }: any) => (size === undefined ? undefined : { ...rest, feedSize: size }),
        },
      ],
    };
    const migrating = createPageValidator({ ...testValidatorSchemas, registry: testRegistry(), blockMigrations });
    const text = pageText({}, [{ type: "story-list", id: "lista", settings: { size: 3 } }]);
    expect(migrating.check("p.json", text).problems).toEqual([
      {
        file: "p.json",
        // At the settings' value, as every finding about a value.
        line: at(text, '"settings"').line,
        column: at(text, '"settings"').column + '"settings": '.length,
        pointer: "/regions/main/0/settings",
        message: "ajustes de una versión anterior del bloque: ejecute npm run migrate:pages (story-list «lista»: «size» pasa a llamarse «feedSize»)",
      },
    ]);
    expect(migrating.check("p.json", pageText({}, [{ type: "story-list", id: "lista", settings: { feedSize: 3 } }])).problems).toEqual([]);
  });

  it("checks each route parameter check: a parameter of the route, a check the server knows", () => {
    const good = pageText({ route: "/:section/", params: { section: { mustExist: "section" } } });
    expect(validator.check("p.json", good).problems).toEqual([]);
    const text = pageText({ route: "/:section/", params: { seccion: { mustExist: "sectoin" } } });
    const problems = validator.check("p.json", text).problems;
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ["/route", 'el parámetro «section» no declara qué debe existir: agregue "params": { "section": { "mustExist": "…" } } (section)'],
      ["/params/seccion", "«seccion» no es un parámetro de la ruta; ¿quiso decir «section»? (parámetros de la ruta: section)"],
      ["/params/seccion/mustExist", "comprobación de existencia desconocida; ¿quiso decir «section»? (conocidas: section)"],
    ]);
    expect(problems[2]).toMatchObject(at(text, '"sectoin"'));
    const unchecked = validator.check("p.json", pageText({ route: "/:section/" })).problems;
    expect(unchecked.map((p) => [p.pointer, p.message])).toEqual([
      ["/route", 'el parámetro «section» no declara qué debe existir: agregue "params": { "section": { "mustExist": "…" } } (section)'],
    ]);
  });

  it("applies the defaults of omitted settings", () => {
    const { page, problems } = validator.check("p.json", pageText({}, [{ type: "story-list", id: "lista" }]));
    expect(problems).toEqual([]);
    expect(page!.regions.main[0].settings).toEqual({ published: false, feedSize: 6, offset: 0, explode: false });
    expect(page!.metadata).toEqual({ title: "Portada" });
  });

  it("lets every block take the frame settings addClass and classes, and refuses what is not a class name", () => {
    const ok = pageText({}, [
      { type: "story-list", id: "lista", settings: { addClass: "solo-movil", classes: "destacado fondo-gris" } },
      { type: "banner", id: "aviso", settings: { classes: "solo-escritorio" } },
    ]);
    expect(validator.check("p.json", ok).problems).toEqual([]);
    const text = pageText({}, [{ type: "banner", id: "aviso", settings: { addClass: "a b", classes: 'x" onload="y' } }]);
    const problems = validator.check("p.json", text).problems;
    expect(problems.map((p) => p.pointer)).toEqual(["/regions/main/0/settings/addClass", "/regions/main/0/settings/classes"]);
    expect(problems[0].message).toMatch(/^no tiene el formato esperado \(Clase CSS adicional/);
  });

  it("reports an unknown block type at its line and column, with a suggestion", () => {
    const text = pageText({}, [{ type: "story-lst", id: "a" }]);
    const [problem] = validator.check("p.json", text).problems;
    expect(problem).toMatchObject({ file: "p.json", pointer: "/regions/main/0/type", value: "story-lst", ...at(text, '"story-lst"') });
    expect(problem.message).toContain("tipo de bloque desconocido; ¿quiso decir «story-list»?");
  });

  it("reports feedSize of the wrong type", () => {
    const text = pageText({}, [{ type: "story-list", id: "a", settings: { feedSize: "seis" } }]);
    const { problems } = validator.check("p.json", text);
    expect(problems).toEqual([
      { file: "p.json", ...at(text, '"seis"'), pointer: "/regions/main/0/settings/feedSize", message: "debe ser un número entero", value: "seis" },
    ]);
  });

  it("reports a negative offset", () => {
    const text = pageText({}, [{ type: "story-list", id: "a", settings: { offset: -3 } }]);
    const { problems } = validator.check("p.json", text);
    expect(problems).toEqual([{ file: "p.json", ...at(text, "-3"), pointer: "/regions/main/0/settings/offset", message: "no puede ser negativo", value: -3 }]);
  });

  it("reports an unknown property at its name", () => {
    const text = pageText({}, [{ type: "story-list", id: "a", settings: { feedsize: 4 } }]);
    const [problem] = validator.check("p.json", text).problems;
    expect(problem).toMatchObject({ pointer: "/regions/main/0/settings/feedsize", value: "feedsize", ...at(text, '"feedsize"') });
    expect(problem.message).toMatch(/^propiedad desconocida «feedsize»; ¿quiso decir «feedSize»\?/);
  });

  it("reports a duplicate block id at the second one", () => {
    const text = pageText({}, [
      { type: "banner", id: "dup" },
      { type: "banner", id: "dup" },
    ]);
    const { problems } = validator.check("p.json", text);
    expect(problems).toEqual([
      {
        file: "p.json",
        ...at(text, '"dup"', 2),
        pointer: "/regions/main/1/id",
        message: "id de bloque repetido en la página: ya lo usa /regions/main/0",
        value: "dup",
      },
    ]);
  });

  it("reports a duplicate route within a brand, not across brands", () => {
    const a = pageText({ id: "a", route: "/seccion/:section/", params: { section: { mustExist: "section" } } });
    const b = pageText({ id: "b", route: "/seccion/:nombre/", params: { nombre: { mustExist: "section" } } });
    const c = pageText({ id: "c", brand: "soho", route: "/seccion/:section/", params: { section: { mustExist: "section" } } });
    const { problems, pages } = validator.checkAll([
      { file: "a.json", text: a },
      { file: "b.json", text: b },
      { file: "c.json", text: c },
    ]);
    expect(pages.map((p) => p.page.id)).toEqual(["a", "b", "c"]);
    expect(problems).toEqual([
      {
        file: "b.json",
        ...at(b, '"/seccion/:nombre/"'),
        pointer: "/route",
        message: "la ruta choca con la de a.json (misma marca «semana»)",
        value: "/seccion/:nombre/",
      },
    ]);
  });

  it("checks a file again when its text changed, across pages too, and answers as a new validator would", () => {
    const own = createPageValidator({ ...testValidatorSchemas, registry: testRegistry() });
    const a = pageText({ id: "a", route: "/a/" });
    const clash = pageText({ id: "b", route: "/a/" });
    const broken = pageText({ id: "b", route: "/b/" }, [{ type: "story-list", id: "x", settings: { feedSize: "seis" } }]);
    const fixed = pageText({ id: "b", route: "/b/" }, [{ type: "story-list", id: "x", settings: { feedSize: 6 } }]);
    for (const b of [clash, broken, fixed, clash]) {
      const files = [
        { file: "a.json", text: a },
        { file: "b.json", text: b },
      ];
      const { pages, problems } = createPageValidator({ ...testValidatorSchemas, registry: testRegistry() }).checkAll(files);
      expect(own.checkAll(files)).toMatchObject({ pages, problems });
    }
    expect(own.checkAll([{ file: "b.json", text: broken }]).problems.map((p) => p.pointer)).toEqual(["/regions/main/0/settings/feedSize"]);
    expect(own.checkAll([{ file: "b.json", text: fixed }]).problems).toEqual([]);
  });

  it("reports an unknown content source", () => {
    const text = pageText({}, [{ type: "story-list", id: "a", settings: { contentConfig: { source: "storie", query: {} } } }]);
    const { problems } = validator.check("p.json", text);
    expect(problems).toEqual([
      {
        file: "p.json",
        ...at(text, '"storie"'),
        pointer: "/regions/main/0/settings/contentConfig/source",
        message: "fuente de contenido desconocida «storie»; ¿quiso decir «stories»?",
        value: "storie",
      },
    ]);
  });

  it("reports a query that is invalid for its source", () => {
    const text = pageText({}, [
      { type: "story-list", id: "a", settings: { contentConfig: { source: "stories", query: { website: "semana", section: "/nacion", feedSize: 500 } } } },
      { type: "story-list", id: "b", settings: { feedSize: 50 } },
    ]);
    const { problems } = validator.check("p.json", text);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({ pointer: "/regions/main/0/settings/contentConfig/query/feedSize", value: 500, ...at(text, "500") });
    expect(problems[0].message).toMatch(/^consulta inválida para la fuente «stories»: parámetro «feedSize»: /);
    expect(problems[1]).toMatchObject({ pointer: "/regions/main/1/settings/feedSize", value: 50, ...at(text, "50", 2) });
  });

  it("reports malformed JSON where it breaks", () => {
    const text = '{\n  "id": "portada",\n  "brand": "semana"\n  "route": "/"\n}';
    const { problems } = validator.check("p.json", text);
    expect(problems[0]).toEqual({ file: "p.json", line: 4, column: 3, pointer: "", message: "JSON mal formado: falta una coma (,)" });
  });

  it("reports a region the layout does not have, and a page with both route and template", () => {
    const text = pageText({ template: "article-default", regions: { lateral: [] } });
    const messages = validator.check("p.json", text).problems.map((p) => `${p.pointer} ${p.message}`);
    expect(messages).toContain("/template una página tiene «route» o «template», no ambos");
    expect(messages).toContain("/regions/lateral la región «lateral» no existe en el diseño «main-sidebar»; regiones: header, main, sidebar, footer");
  });

  it("quotes an offending value only up to a readable length", () => {
    const line = formatProblem({ file: "p.json", line: 3, column: 5, pointer: "/metadata/title", message: "demasiado largo", value: "x".repeat(6500) });
    expect(line.length).toBeLessThan(250);
    expect(line).toMatch(/^p\.json:3:5 {2}\/metadata\/title {2}demasiado largo {2}\("x{119}… \(6502 caracteres\)\)$/);
  });

  it("reports what a block's own check finds in its settings, at the setting's line", () => {
    const registry = createRegistry({
      blocks: {
        "story-list": storyList,
        banner: { settingsProblems: (settings: any) => (settings.text?.startsWith("http:") ? [{ setting: "text", message: "solo https" }] : []) },
      },
      sources: [fakeSource()],
      layouts: [{ name: "main-sidebar", regions: ["header", "main", "sidebar", "footer"] }],
    });
    const checking = createPageValidator({ ...testValidatorSchemas, registry });
    const text = pageText({}, [
      { type: "banner", id: "a", settings: { text: "https://bien" } },
      { type: "banner", id: "b", settings: { text: "http://mal" } },
    ]);
    const { problems } = checking.check("p.json", text);
    expect(problems).toEqual([
      { file: "p.json", pointer: "/regions/main/1/settings/text", message: "solo https", value: "http://mal", ...at(text, '"http://mal"') },
    ]);
  });

  describe("redirect pages", () => {
    const redirecting = createPageValidator({
      ...testValidatorSchemas,
      registry: testRegistry(),
      isRedirectTarget: (url) => url.startsWith("/") && !url.startsWith("//"),
    });
    const redirectPage = (extra: Record<string, unknown>) =>
      JSON.stringify(
        { id: "viejo", brand: "semana", route: "/autor/:section/", params: { section: { mustExist: "section" } }, metadata: {}, ...extra },
        null,
        2,
      );

    it("accept a route with a redirect and nothing else, and are given empty regions", () => {
      const { page, problems } = redirecting.check("p.json", redirectPage({ redirect: { url: "/opinion/{section}/" } }));
      expect(problems).toEqual([]);
      expect(page).toMatchObject({ redirect: { url: "/opinion/{section}/", permanent: true }, regions: {} });
    });

    it("name each mistake where it is: a layout, blocks, an unknown parameter, a target the server refuses", () => {
      const text = redirectPage({
        layout: "main-sidebar",
        redirect: { url: "https://otro.example/{seccion}/" },
        regions: { main: [{ type: "banner", id: "b" }] },
      });
      const problems = redirecting.check("p.json", text).problems.map((p) => [p.pointer, p.message]);
      expect(problems).toEqual([
        ["/layout", "una página de redirección no tiene diseño: quite «layout»"],
        ["/regions/main", "una página de redirección no muestra bloques: quite sus bloques (o «regions»)"],
        ["/redirect/url", "«{seccion}» no es un parámetro de la ruta; ¿quiso decir «section»? (parámetros de la ruta: section)"],
        ["/redirect/url", "destino no permitido: una ruta del sitio («/suscripciones/») o una dirección http(s) de uno de los sitios del grupo"],
      ]);
    });

    it("still need regions and a layout when they do not redirect", () => {
      const text = JSON.stringify({ id: "p", brand: "semana", route: "/x/" });
      const messages = redirecting.check("p.json", text).problems.map((p) => p.message);
      expect(messages).toContain("falta la propiedad obligatoria «regions»");
      expect(messages).toContain("falta la propiedad obligatoria «layout» (diseño de la página)");
    });
  });
});

describe("publication windows (docs/decisions/0073-publication-schedules.md)", () => {
  const from = "2026-12-01T06:00:00-05:00";
  const until = "2026-12-01T23:59:00-05:00";

  it("are accepted on every block and on a page, and add no setting to a block that has none", () => {
    const text = pageText({ publishFrom: from, publishUntil: until }, [
      { type: "story-list", id: "lista", settings: { publishFrom: from } },
      { type: "banner", id: "aviso", settings: { publishFrom: "2026-12-01T11:00:00Z", publishUntil: until } },
    ]);
    const { page, problems } = validator.check("p.json", text);
    expect(problems).toEqual([]);
    expect(page!.regions.main[0].settings).toEqual({ published: false, feedSize: 6, offset: 0, explode: false, publishFrom: from });
  });

  it("refuse a value without its offset or that is no date-time, at its line, in the editor's words", () => {
    const text = pageText({ publishUntil: "el 24 de diciembre" }, [
      { type: "banner", id: "aviso", settings: { publishFrom: "2026-12-01T06:00:00" } },
      { type: "banner", id: "otro", settings: { publishUntil: "2026-12-01T06:00:00-05" } },
      { type: "banner", id: "numero", settings: { publishUntil: 1796122800000 } },
    ]);
    const problems = validator.check("p.json", text).problems;
    const message = "debe ser una fecha y hora ISO 8601 con su zona horaria, p. ej. «2026-12-01T06:00:00-05:00»";
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ["/publishUntil", message],
      ["/regions/main/0/settings/publishFrom", message],
      ["/regions/main/2/settings/publishUntil", "debe ser un texto entre comillas"],
      ["/regions/main/1/settings/publishUntil", message],
    ]);
    expect(formatProblem(problems[1])).toBe(
      `p.json:${at(text, '"2026-12-01T06:00:00"').line}:${at(text, '"2026-12-01T06:00:00"').column}  /regions/main/0/settings/publishFrom  ${message}  ("2026-12-01T06:00:00")`,
    );
  });

  it("refuse a window that ends before it starts, or when it starts, on a block or on the page", () => {
    const text = pageText({ publishFrom: until, publishUntil: until }, [{ type: "banner", id: "aviso", settings: { publishFrom: until, publishUntil: from } }]);
    const problems = validator.check("p.json", text).problems;
    expect(problems.map((p) => [p.pointer, p.message, p.value])).toEqual([
      ["/publishUntil", `la publicación termina antes de empezar: debe ser posterior a «publishFrom» (${until})`, until],
      ["/regions/main/0/settings/publishUntil", `la publicación termina antes de empezar: debe ser posterior a «publishFrom» (${until})`, from],
    ]);
    expect(problems[1]).toMatchObject(at(text, `"${from}"`));
  });

  it("refuse a window on a template, which the layout rules may choose at any time", () => {
    const text = pageText({ route: undefined, template: "article-default", publishFrom: from }, [
      { type: "banner", id: "aviso", settings: { publishFrom: from } },
    ]);
    const problems = validator.check("p.json", text).problems;
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ["/publishFrom", "una plantilla se usa siempre que las reglas de diseño la eligen: quite «publishFrom» (programe sus bloques)"],
    ]);
    // The page's own key, written after its blocks.
    expect(problems[0]).toMatchObject(at(text, '"publishFrom"', 2));
  });
});

describe("layout files (docs/decisions/0074-layouts-own-the-shared-blocks.md)", () => {
  const ALL = "page-definitions/_layouts/main-sidebar.json";
  const SOHO = "page-definitions/soho/_layouts/main-sidebar.json";
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const banner = (id: string, text: string) => ({ type: "banner", id, settings: { published: true, text } });
  const everyBrand = {
    file: ALL,
    layout: { layout: "main-sidebar" },
    text: json({ layout: "main-sidebar", regions: { header: [banner("cabeza", "Todas")], footer: [banner("pie", "Pie")] } }),
  };
  const page = (file: string, overrides: Record<string, unknown> = {}, regions: Record<string, unknown> = {}) => ({
    file,
    text: pageText({ id: file.replace(/\W/g, "-"), route: `/${file.replace(/\W/g, "-")}/`, ...overrides }, []).replace(
      '"main": []',
      `"main": []${Object.keys(regions).length ? `, ${json(regions).slice(1, -1)}` : ""}`,
    ),
  });

  it("give their blocks to every page of the layout, a brand's over the every-brand one's, each naming its file", () => {
    const soho = {
      file: SOHO,
      layout: { layout: "main-sidebar", brand: "soho" },
      text: json({ layout: "main-sidebar", hide: ["pie"], regions: { header: [{ id: "cabeza", settings: { published: true, text: "Soho" } }] } }),
    };
    const { pages, problems, inherited } = validator.checkAll([page("semana.json"), page("soho.json", { brand: "soho" }), everyBrand, soho]);
    expect(problems).toEqual([]);
    const [semana, sohoPage] = pages.map((p) => p.page);
    expect(semana.regions.header).toEqual([{ type: "banner", id: "cabeza", settings: { published: true, text: "Todas" }, inherited: ALL }]);
    expect(semana.regions.footer[0].inherited).toBe(ALL);
    expect(sohoPage.regions.header).toEqual([{ type: "banner", id: "cabeza", settings: { published: true, text: "Soho" }, inherited: SOHO }]);
    expect(sohoPage.regions.footer).toBeUndefined();
    expect(Object.keys(sohoPage.regions)).toEqual(["header", "main"]);
    expect(inherited("soho", "main-sidebar")?.header[0].inherited).toBe(SOHO);
    expect(inherited("semana", "other")).toBeUndefined();
  });

  it("let a page replace an inherited block by its id (checked as that block's type) or hide it", () => {
    const own = page("p.json", { hide: ["pie"] }, { header: [{ id: "cabeza", settings: { published: true, text: "Mía" } }] });
    const { pages, problems } = validator.checkAll([everyBrand, own]);
    expect(problems).toEqual([]);
    expect(pages[0].page.regions).toEqual({ header: [{ type: "banner", id: "cabeza", settings: { published: true, text: "Mía" } }], main: [] });
    const wrong = page("p.json", { hide: ["pies"] }, { header: [{ id: "cabeza", settings: { published: "sí" } }, { id: "otro" }] });
    const found = validator.checkAll([everyBrand, wrong]).problems;
    expect(found.map((p) => [p.file, p.pointer, p.message])).toEqual([
      ["p.json", "/regions/header/0/settings/published", "debe ser true o false"],
      ["p.json", "/regions/header/1", `falta «type»: solo puede faltar en un bloque con el id de uno heredado (heredados: cabeza, pie (${ALL}))`],
      ["p.json", "/hide/0", `no hay ningún bloque heredado con este id; ¿quiso decir «pie»? (heredados: cabeza, pie (${ALL}))`],
    ]);
    expect(found[0]).toMatchObject(at(wrong.text, '"sí"'));
  });

  it("report a broken layout file at its own lines, and leave its pages unchecked by it until it is fixed", () => {
    const text = json({
      layout: "main-sidebar",
      route: "/x/",
      regions: { header: [banner("cabeza", "Todas"), { type: "banner", id: "cabeza" }], lateral: [] },
    });
    const broken = { file: ALL, layout: { layout: "main-sidebar" }, text };
    const { pages, problems } = validator.checkAll([broken, page("p.json", {}, { header: [{ id: "cabeza" }] })]);
    expect(problems.map((p) => [p.file, p.pointer, p.message])).toEqual([
      [ALL, "/route", "un archivo de diseño no lleva «route» (lleva $schema, schemaVersion, layout, hide, regions)"],
      [ALL, "/regions/header/1/id", "id de bloque repetido en la página: ya lo usa /regions/header/0"],
      [ALL, "/regions/lateral", "la región «lateral» no existe en el diseño «main-sidebar»; regiones: header, main, sidebar, footer"],
    ]);
    expect(problems[0]).toMatchObject(at(text, '"route"'));
    expect(problems[1]).toMatchObject(at(text, '"cabeza"', 2));
    // The page is not served with blocks that are not known yet, nor reported for them.
    expect(pages).toEqual([]);
  });

  it("name their layout by their file name, and their brand by their folder", () => {
    const misnamed = { file: ALL, layout: { layout: "main-sidebar" }, text: json({ layout: "landing", regions: {} }) };
    const elsewhere = {
      file: "page-definitions/marca/_layouts/main-sidebar.json",
      layout: { layout: "main-sidebar", brand: "marca" },
      text: json({ layout: "main-sidebar", regions: {} }),
    };
    const problems = validator.checkAll([misnamed, elsewhere]).problems.map((p) => [p.file, p.pointer, p.message]);
    expect(problems).toContainEqual([ALL, "/layout", "el archivo se llama main-sidebar.json: su diseño es «main-sidebar»"]);
    expect(problems).toContainEqual(["page-definitions/marca/_layouts/main-sidebar.json", "", "la carpeta «marca» no es una marca (semana, soho)"]);
  });
});
