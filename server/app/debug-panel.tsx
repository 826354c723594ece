import type { BlockDiagnostic } from "../../runtime/types";

/**
 * ?debug=blocks (outside production): each block's source, query, cache status, time and skip reason,
 * and the layout file of the blocks the page inherits (docs/decisions/0074-layouts-own-the-shared-blocks.md).
 */
export function DebugPanel({ pageId, diagnostics }: { pageId: string; diagnostics: BlockDiagnostic[] }) {
  return (
    <section className="debug-panel container" aria-label="Diagnóstico de bloques">
      <h2>Diagnóstico de bloques · {pageId}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Región</th>
            <th scope="col">Bloque</th>
            <th scope="col">Tipo</th>
            <th scope="col">Origen</th>
            <th scope="col">Fuente y consulta</th>
            <th scope="col">Caché</th>
            <th scope="col">ms</th>
            <th scope="col">Omitido</th>
          </tr>
        </thead>
        <tbody>
          {diagnostics.map((d) => (
            <tr key={d.blockId} data-debug-block={d.blockId}>
              <td>{d.region}</td>
              <td>{d.blockId}</td>
              <td>{d.type}</td>
              <td>{d.inherited ? `heredado de ${d.inherited}` : "la página"}</td>
              <td>
                {d.fetches.map((f) => (
                  <div key={f.name}>
                    <code>
                      {f.name}: {f.source} {JSON.stringify(f.query)}
                    </code>
                    {f.error && <div className="debug-panel__error">{f.error}</div>}
                  </div>
                ))}
              </td>
              <td>{d.fetches.map((f) => f.cache).join(", ")}</td>
              <td>{d.ms}</td>
              <td>{d.skipped ? `${d.skipped}${d.detail ? `: ${d.detail}` : ""}` : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
