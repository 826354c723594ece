// @vitest-environment jsdom
// The settings form's pickers (ReferencePicker.tsx) in the real form (BlockSettings, @rjsf/core) and
// the page history, asking the real editor lookup of a site server over HTTP: the current value
// shown by its name or flagged when it names nothing, a search as the editor types, the keyboard
// moving through the options, the id written; a map of author ids edited as a list.
import { configure, fireEvent, getConfig, render, screen, waitFor, within } from "@testing-library/react";
import { useEffect } from "react";
import { makeTestCorpus } from "../../content/testing/corpus";
import { siteServerForFile } from "../../../tests/support/site-server";
import { BlockSettings } from "./BlockSettings";
import type { Page, Schemas } from "./page-data";
import { usePageHistory } from "./page-history";

const server = siteServerForFile(() => ({ env: { EDITOR: "1" }, corpus: makeTestCorpus() }));
let schemas: Schemas;
let edited: Page | null = null;

// Answers over HTTP on a loaded machine: waited for longer than Testing Library's second.
const waited = getConfig().asyncUtilTimeout;
beforeAll(async () => {
  configure({ asyncUtilTimeout: 10_000 });
  schemas = await (await fetch(`${server.site.origin}/_editor/api/esquemas`)).json();
});
afterAll(() => configure({ asyncUtilTimeout: waited }));

beforeEach(() => {
  // The form asks /_editor/api/… as the editor's page does: here, of the test's server.
  const fetchFromNode = globalThis.fetch;
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => fetchFromNode(new URL(url, server.site.origin), init));
  // The lookup's answers update the form whenever they arrive, as in a browser; the tests wait for
  // them with findBy/waitFor (React's "not wrapped in act" warning is for tests that could not).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  edited = null;
});

/** One block's settings form, on a page whose edits go through the editor's history. */
function Editor({ type, settings }: { type: string; settings: Record<string, unknown> }) {
  const { page, start, record } = usePageHistory();
  useEffect(() => start({ brand: "semana", regions: { main: [{ type, id: "bloque", settings }] } }), [start, settings, type]);
  useEffect(() => {
    edited = page;
  }, [page]);
  if (!page) return null;
  return (
    <BlockSettings
      selectedBlock={page.regions.main[0]}
      current={{ region: "main", index: 0 }}
      typeSchema={schemas.blocks.find((block) => block.type === type)}
      schemas={schemas}
      problems={[]}
      change={record}
      brand={page.brand}
    />
  );
}

const settingsNow = () => edited?.regions.main[0].settings ?? {};
/** The picker's options (the form's selects have options of their own). */
const options = () => within(screen.getByRole("listbox", { hidden: true })).queryAllByRole("option");

describe("a setting that names a section", () => {
  it("shows the current value by its name, searches as the editor types and writes the chosen section's path", async () => {
    render(<Editor type="section-listing" settings={{ published: true, section: "/nacion" }} />);
    const box = screen.getByPlaceholderText("Buscar sección…");
    await waitFor(() => expect(box).toHaveProperty("value", "Nación"));
    expect(screen.getByText("/nacion", { selector: "code" })).toBeTruthy();

    fireEvent.change(box, { target: { value: "econo" } });
    const list = screen.getByRole("listbox", { hidden: true });
    await waitFor(() => expect(options().length).toBe(4));
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(box.getAttribute("aria-controls")).toBe(list.id);
    expect(options().map((option) => option.textContent)).toEqual([
      "Economía /economia",
      "Cápsulas económicas /economia/capsulas",
      "Empresas /economia/empresas",
      "Usar «econo» tal cual ",
    ]);
    // The first is active; the arrows move, around the ends.
    const active = () => document.getElementById(box.getAttribute("aria-activedescendant") ?? "")?.textContent;
    expect(active()).toBe("Economía /economia");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(active()).toBe("Usar «econo» tal cual ");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(active()).toBe("Cápsulas económicas /economia/capsulas");
    expect(within(list).getByRole("option", { selected: true }).textContent).toBe("Cápsulas económicas /economia/capsulas");

    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(settingsNow().section).toBe("/economia/capsulas"));
    expect(box).toHaveProperty("value", "Cápsulas económicas");
    expect(box.getAttribute("aria-expanded")).toBe("false");

    // Escape closes the options and leaves the value as it was.
    fireEvent.change(box, { target: { value: "naci" } });
    await waitFor(() => expect(options().length).toBe(2));
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(box).toHaveProperty("value", "Cápsulas económicas");
    expect(settingsNow().section).toBe("/economia/capsulas");

    // A click chooses too; «Quitar» leaves the setting out.
    fireEvent.change(box, { target: { value: "naci" } });
    fireEvent.click(await screen.findByRole("option", { name: "Nación /nacion" }));
    await waitFor(() => expect(settingsNow().section).toBe("/nacion"));
    fireEvent.click(screen.getByRole("button", { name: "Quitar Nación" }));
    await waitFor(() => expect(settingsNow()).toEqual({ published: true }));
    expect(box).toHaveProperty("value", "");
  });

  it("flags a value that names no section of the brand, and an id typed as it is", async () => {
    render(<Editor type="section-listing" settings={{ published: true, section: "/antigua-seccion" }} />);
    expect(await screen.findByText("No existe: /antigua-seccion")).toBeTruthy();
    const box = screen.getByPlaceholderText("Buscar sección…");
    expect(box).toHaveProperty("value", "/antigua-seccion");

    fireEvent.change(box, { target: { value: "moda" } });
    const typed = await screen.findByRole("option", { name: "Usar «moda» tal cual" });
    // Semana has no section "moda" (Fucsia has): only the text as typed is offered.
    expect(options()).toEqual([typed]);
    expect(screen.getByText("Sin resultados para «moda».").getAttribute("aria-live")).toBe("polite");
    fireEvent.click(typed);
    await waitFor(() => expect(settingsNow().section).toBe("moda"));
    expect(await screen.findByText("No existe: moda")).toBeTruthy();
  });
});

describe("a map of author ids", () => {
  it("lists the authors by name, flags one that does not exist, removes one and adds one found by name", async () => {
    render(<Editor type="author-carousel" settings={{ published: true, autorIds: { "1": "vicky-dvila", "2": "nadie", "3": "maria-jimena-duzan" } }} />);
    const chosen = () => screen.getAllByRole("listitem").map((item) => item.textContent);
    await waitFor(() =>
      expect(chosen()).toEqual(["Vicky Dávila vicky-dvila Quitar", "nadie nadie No existe: nadie Quitar", "María Jimena Duzán maria-jimena-duzan Quitar"]),
    );

    fireEvent.click(screen.getByRole("button", { name: "Quitar nadie" }));
    await waitFor(() => expect(settingsNow().autorIds).toEqual({ "1": "vicky-dvila", "2": "maria-jimena-duzan" }));

    const box = screen.getByRole("combobox", { name: "Añadir autor" });
    fireEvent.change(box, { target: { value: "redaccion" } });
    // Only Semana's authors: Fucsia's newsroom is not offered.
    expect(await screen.findByRole("option", { name: "Usar «redaccion» tal cual" })).toBeTruthy();
    fireEvent.change(box, { target: { value: "vicky" } });
    await screen.findByRole("option", { name: /^Vicky Dávila/ });
    fireEvent.keyDown(box, { key: "Enter" });
    // Already there: not added twice.
    expect(settingsNow().autorIds).toEqual({ "1": "vicky-dvila", "2": "maria-jimena-duzan" });

    // Back to an empty list: the setting is left out.
    fireEvent.click(screen.getByRole("button", { name: "Quitar Vicky Dávila" }));
    fireEvent.click(screen.getByRole("button", { name: "Quitar María Jimena Duzán" }));
    await waitFor(() => expect(settingsNow()).toEqual({ published: true }));
    fireEvent.change(box, { target: { value: "DUZÁN" } });
    fireEvent.click(await screen.findByRole("option", { name: "María Jimena Duzán maria-jimena-duzan · Columnista" }));
    await waitFor(() => expect(settingsNow().autorIds).toEqual({ "1": "maria-jimena-duzan" }));
    expect(chosen()).toEqual(["María Jimena Duzán maria-jimena-duzan Quitar"]);
  });
});
