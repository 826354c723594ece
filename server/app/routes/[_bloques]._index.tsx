// The block catalogue (/_bloques/): every registered block, rendered through the real runtime at a
// phone's and a desktop's width (and on each background it offers), with its settings table (each
// setting's label, type, default and description), the ANS fields it reads, its content sources and
// queries, and its empty and error states. Only with the editors' tools on; its
// code is this route's chunk, never a reader page's (docs/decisions/0018-editor-tools.md).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DEFAULT_BRAND } from "../../../domain/brands";
import { catalogueLoader } from "../editor-tools.server";
import { EDITOR_STYLES } from "../editor/styles";

export const loader = (args: LoaderFunctionArgs) => catalogueLoader(args);

export const meta: MetaFunction = () => [{ title: "Catálogo de bloques" }, { name: "robots", content: "noindex" }];

const WIDTHS = [
  { name: "Teléfono", width: 390, height: 844, scale: 0.5 },
  { name: "Escritorio", width: 1366, height: 768, scale: 0.35 },
];
/** The empty and error states (?estado=, server/editor/catalogue-sites.ts): the first example, at phone width. */
const STATES = [
  { id: "vacio", name: "Vacío (sus fuentes no devuelven nada)" },
  { id: "error", name: "Error (sus fuentes fallan)" },
];
const STATE_SIZE = WIDTHS[0];

export default function Catalogue() {
  const { blocks } = useLoaderData<typeof loader>();
  const [filter, setFilter] = useState("");
  // A block is found by its type, title, description or an ANS field it reads ("credits.by").
  const shown = blocks.filter((block) =>
    `${block.type} ${block.title} ${block.description} ${block.ansFields.join(" ")}`.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <main id="contenido" className="herramientas">
      <style dangerouslySetInnerHTML={{ __html: EDITOR_STYLES }} />
      <header className="herramientas-cabecera">
        <h1>Catálogo de bloques</h1>
        <p>
          {blocks.length} bloques registrados · <a href="/_editor/">Editor de páginas</a>
        </p>
        <label>
          Filtrar <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="tipo, descripción o campo ANS" />
        </label>
      </header>
      <nav aria-label="Bloques" className="catalogo-indice">
        {shown.map((block) => (
          <a key={block.type} href={`#bloque-${block.type}`}>
            {block.type}
          </a>
        ))}
      </nav>
      {shown.map((block) => (
        <section key={block.type} id={`bloque-${block.type}`} data-catalogue-block={block.type} className="catalogo-bloque">
          <h2>
            {block.title} <code>{block.type}</code>
          </h2>
          <p>{block.description}</p>
          <p className="nota">
            {block.hydrates ? "Se hidrata en el navegador («use client»)." : "Solo HTML del servidor."} Ejemplos: <code>{block.file}</code>
            {block.missing && <strong className="problema"> Falta su entrada de catálogo.</strong>}
          </p>
          {block.examples.map((example, index) => (
            <div key={index} className="catalogo-ejemplo">
              <h3>
                {example.name} <small>({example.brand ?? DEFAULT_BRAND})</small>
              </h3>
              {example.problems.length > 0 && (
                <ul className="problema">
                  {example.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
              {block.output ? (
                <p className="nota">Bloque de salida (feeds, sitemaps, robots.txt): no se dibuja en una página HTML.</p>
              ) : (
                <div className="catalogo-vistas">
                  {example.urls.map(({ url, background }) =>
                    WIDTHS.map((size) => (
                      <figure key={`${url}-${size.name}`} style={{ width: size.width * size.scale }}>
                        <figcaption>
                          {size.name} ({size.width}×{size.height}){background ? ` · fondo ${background === "Dark" ? "oscuro" : "claro"}` : ""}
                        </figcaption>
                        <div className="marco" style={{ width: size.width * size.scale, height: size.height * size.scale }}>
                          <iframe
                            title={`${block.type} ${size.name}${background ? ` ${background}` : ""}`}
                            src={url}
                            loading="lazy"
                            style={{ width: size.width, height: size.height, transform: `scale(${size.scale})` }}
                          />
                        </div>
                        <a href={url}>Abrir</a>
                      </figure>
                    )),
                  )}
                </div>
              )}
              <h4>Fuentes de contenido</h4>
              {example.fetches.length ? (
                <ul>
                  {example.fetches.map((fetch) => (
                    <li key={fetch.name}>
                      <code>{fetch.name}</code>: <code>{fetch.source}</code> <code>{JSON.stringify(fetch.query)}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="nota">No consulta fuentes: se dibuja con sus ajustes.</p>
              )}
            </div>
          ))}
          <h4>Estados</h4>
          <ul>
            <li>
              <strong>Vacío:</strong> {block.empty}
            </li>
            <li>
              <strong>Error:</strong> {block.error}
            </li>
          </ul>
          {!block.output && block.examples[0]?.urls[0] && (
            <div className="catalogo-vistas">
              {STATES.map((state) => {
                const url = `${block.examples[0].urls[0].url}?estado=${state.id}`;
                return (
                  <figure key={state.id} data-catalogue-state={state.id} style={{ width: STATE_SIZE.width * STATE_SIZE.scale }}>
                    <figcaption>
                      {state.name}: como lo ve un lector ({STATE_SIZE.name})
                    </figcaption>
                    <div className="marco" style={{ width: STATE_SIZE.width * STATE_SIZE.scale, height: STATE_SIZE.height * STATE_SIZE.scale }}>
                      <iframe
                        title={`${block.type} ${state.name}`}
                        src={url}
                        loading="lazy"
                        style={{ width: STATE_SIZE.width, height: STATE_SIZE.height, transform: `scale(${STATE_SIZE.scale})` }}
                      />
                    </div>
                    <a href={url}>Abrir</a>
                  </figure>
                );
              })}
            </div>
          )}
          <h4 id={`ajustes-${block.type}`}>Ajustes</h4>
          <table aria-labelledby={`ajustes-${block.type}`}>
            <thead>
              <tr>
                <th scope="col">Ajuste</th>
                <th scope="col">Tipo</th>
                <th scope="col">Predeterminado</th>
                <th scope="col">Descripción</th>
              </tr>
            </thead>
            <tbody>
              {block.settings.map((setting) => (
                <tr key={setting.name} data-setting={setting.name}>
                  <th scope="row">
                    {setting.label}
                    {setting.required && <abbr title="obligatorio"> *</abbr>}
                    {setting.label !== setting.name && (
                      <>
                        {" "}
                        <code>{setting.name}</code>
                      </>
                    )}
                  </th>
                  <td>{setting.type}</td>
                  <td>{setting.default ?? "—"}</td>
                  <td>{setting.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h4 id={`campos-ans-${block.type}`}>Campos ANS que lee</h4>
          {block.ansFields.length ? (
            <ul aria-labelledby={`campos-ans-${block.type}`} data-ans-fields={block.type} className="catalogo-campos">
              {block.ansFields.map((field) => (
                <li key={field}>
                  <code>{field}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p className="nota" data-ans-fields={block.type}>
              No lee contenido ANS.
            </p>
          )}
        </section>
      ))}
    </main>
  );
}
