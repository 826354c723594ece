// The page editor (/_editor/): the brands' pages with a filter, and one page's regions and blocks to
// add, remove, duplicate, move (drag and drop, or Alt+↑/↓ with the keyboard), publish, and set up
// with forms generated from each block's schema (@rjsf/core); every change is checked by the
// project's validator on the server and previewed through the real runtime; saving writes only
// what changed. Only with the editors' tools on (docs/decisions/0018-editor-tools.md).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { DEFAULT_BRAND } from "../../../domain/brands";
import { editorLoader } from "../editor-tools.server";
import { EDITOR_STYLES } from "../editor/styles";

export const loader = (args: LoaderFunctionArgs) => editorLoader(args);

export const meta: MetaFunction = () => [{ title: "Editor de páginas" }, { name: "robots", content: "noindex" }];

// The form library and the page editor load in the browser only, in their own chunk.
const PageEditor = lazy(() => import("../editor/PageEditor"));

interface PageSummary {
  file: string;
  brand: string;
  /** A layout file: the blocks its layout's pages inherit (docs/decisions/0074-layouts-own-the-shared-blocks.md). */
  layoutFile?: true;
  id: string;
  route?: string;
  template?: string;
  outputType?: string;
  layout?: string;
  blocks: number;
  modified: string;
}

/**
 * A new page: an empty page of a layout at a route (the template), or a copy of any page, of any
 * brand, into a brand's folder. The server builds and validates it (POST /_editor/api/nueva) and
 * refuses it with the validator's problems; a good one opens in the editor.
 */
function NewPage({ pages }: { pages: PageSummary[] }) {
  const [brands, setBrands] = useState<string[]>([]);
  const [layouts, setLayouts] = useState<Record<string, string[]>>({});
  const [brand, setBrand] = useState<string>(DEFAULT_BRAND);
  const [name, setName] = useState("");
  const [origin, setOrigin] = useState("");
  const [route, setRoute] = useState("");
  const [title, setTitle] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetch("/_editor/api/esquemas")
      .then((response) => response.json())
      .then((answer) => {
        setBrands(answer.brands ?? []);
        setLayouts(answer.layouts ?? {});
      });
  }, []);
  const fromLayout = origin.startsWith("diseno:");
  const file = `${brand}/${name.trim().replace(/\.json$/, "")}.json`;
  const create = async () => {
    setBusy(true);
    setProblems([]);
    const body = fromLayout
      ? { file, layout: origin.slice("diseno:".length), route, title }
      : { file, copyOf: origin.slice("copia:".length), ...(route.trim() ? { route: route.trim() } : {}) };
    const response = await fetch("/_editor/api/nueva", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json().catch(() => ({ error: `respuesta ${response.status}` }));
    setBusy(false);
    if (response.ok) {
      window.location.assign(`/_editor/?archivo=${encodeURIComponent(answer.file)}`);
      return;
    }
    setProblems([answer.error, ...(answer.problems ?? []).map((p: { pointer: string; message: string }) => `${p.pointer || "/"}  ${p.message}`)]);
  };
  return (
    <details className="nueva-pagina">
      <summary>Nueva página</summary>
      <form
        aria-label="Nueva página"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          Marca{" "}
          <select value={brand} onChange={(event) => setBrand(event.target.value)}>
            {brands.map((id) => (
              <option key={id}>{id}</option>
            ))}
          </select>
        </label>
        <label>
          Nombre del archivo{" "}
          <input value={name} onChange={(event) => setName(event.target.value)} placeholder="especiales" pattern="[a-z0-9][a-z0-9_\-]*(\.json)?" required />
        </label>
        <label>
          Partir de{" "}
          <select value={origin} onChange={(event) => setOrigin(event.target.value)} required>
            <option value="">Elija una plantilla o una página…</option>
            <optgroup label="Plantilla: página vacía con el diseño">
              {Object.entries(layouts).map(([layout, regions]) => (
                <option key={layout} value={`diseno:${layout}`}>
                  {layout} ({regions.join(", ")})
                </option>
              ))}
            </optgroup>
            <optgroup label="Copiar una página (de cualquier marca)">
              {pages.map((page) => (
                <option key={page.file} value={`copia:${page.file}`}>
                  {page.file}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label>
          Ruta{" "}
          <input
            value={route}
            onChange={(event) => setRoute(event.target.value)}
            placeholder={fromLayout ? "/especiales/" : "la de la página copiada"}
            required={fromLayout}
          />
        </label>
        {fromLayout && (
          <label>
            Título <input value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Especiales | Semana" />
          </label>
        )}
        <p className="nota">
          Se creará <code>{file}</code>. Una copia toma la marca y el nombre nuevos; si su ruta ya existe en esa marca, cámbiela en el editor o elija otra
          página.
        </p>
        <button type="submit" disabled={busy || !name.trim() || !origin}>
          Crear
        </button>
        {problems.length > 0 && (
          <ul className="problema" role="alert">
            {problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        )}
      </form>
    </details>
  );
}

function PageList() {
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [filter, setFilter] = useState("");
  useEffect(() => {
    fetch("/_editor/api/paginas")
      .then((response) => response.json())
      .then((answer) => setPages(answer.pages));
  }, []);
  if (!pages) return <p>Cargando páginas…</p>;
  const words = filter.toLowerCase();
  const shown = pages.filter((page) => Object.values(page).join(" ").toLowerCase().includes(words));
  return (
    <>
      <NewPage pages={pages.filter((page) => !page.layoutFile)} />
      <label>
        Filtrar <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="marca, ruta, plantilla…" />
      </label>
      <table>
        <thead>
          <tr>
            <th>Marca</th>
            <th>Archivo</th>
            <th>Ruta o plantilla</th>
            <th>Diseño</th>
            <th>Bloques</th>
            <th>Modificada</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((page) => (
            <tr key={page.file} data-page-file={page.file}>
              <td>{page.brand}</td>
              <td>
                <a href={`/_editor/?archivo=${encodeURIComponent(page.file)}`}>{page.file}</a>
              </td>
              <td>{page.layoutFile ? "bloques heredados por las páginas del diseño" : (page.route ?? (page.template ? `plantilla ${page.template}` : ""))}</td>
              <td>{page.layout ?? page.outputType ?? ""}</td>
              <td>{page.blocks}</td>
              <td>{new Date(page.modified).toLocaleString("es-CO")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export default function Editor() {
  const [params] = useSearchParams();
  const file = params.get("archivo");
  const [client, setClient] = useState(false);
  useEffect(() => setClient(true), []);
  return (
    <main id="contenido" className="herramientas">
      <style dangerouslySetInnerHTML={{ __html: EDITOR_STYLES }} />
      <header className="herramientas-cabecera">
        <h1>{file ? <a href="/_editor/">Editor de páginas</a> : "Editor de páginas"}</h1>
        <a href="/_bloques/">Catálogo de bloques</a>
      </header>
      {!client ? (
        <p>Cargando…</p>
      ) : file ? (
        <Suspense fallback={<p>Cargando el editor…</p>}>
          <PageEditor file={file} />
        </Suspense>
      ) : (
        <PageList />
      )}
    </main>
  );
}
