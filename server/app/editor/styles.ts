// The editors' tools' own look (/_editor/, /_bloques/): plain CSS in the route's chunk, never a reader's stylesheet.
export const EDITOR_STYLES = `
.herramientas { font: 14px/1.45 system-ui, sans-serif; padding: 16px 24px; max-width: none; color: #1b1b1b; background: #fff; }
.herramientas h1 { font-size: 22px; margin: 0 0 4px; }
.herramientas h2 { font-size: 18px; margin: 24px 0 4px; }
.herramientas code { font: 12px ui-monospace, Menlo, Consolas, monospace; background: #f1f1f1; padding: 0 3px; }
.herramientas table { border-collapse: collapse; width: 100%; margin: 8px 0; }
.herramientas th, .herramientas td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
.herramientas .nota { color: #555; }
.herramientas .problema { color: #b3261e; }
.herramientas button { font: inherit; padding: 3px 8px; cursor: pointer; }
.herramientas-cabecera { display: flex; gap: 16px; align-items: baseline; flex-wrap: wrap; }
.nueva-pagina { margin: 8px 0 16px; }
.nueva-pagina form { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: end; margin-top: 8px; }
.nueva-pagina form .nota, .nueva-pagina form ul { flex-basis: 100%; margin: 0; }
.catalogo-indice { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 8px 0 16px; }
.catalogo-bloque { border-top: 2px solid #ddd; padding-top: 8px; }
.catalogo-vistas { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
.catalogo-vistas figure { margin: 0; }
.marco { overflow: hidden; border: 1px solid #bbb; background: #fafafa; }
.marco iframe { border: 0; transform-origin: 0 0; }
.editor { display: grid; grid-template-columns: 320px minmax(320px, 1fr) minmax(400px, 1.3fr); gap: 16px; align-items: start; }
.editor-regiones ol { list-style: none; margin: 0 0 8px; padding: 4px; min-height: 28px; border: 1px dashed #bbb; }
.editor-regiones li { border: 1px solid #ccc; background: #fff; margin: 3px 0; padding: 4px 6px; }
.editor-regiones li[aria-selected="true"] { outline: 2px solid #2563eb; }
.editor-regiones li.con-problemas { border-color: #b3261e; }
.editor-regiones li .acciones { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 2px; }
.editor-barra { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
.editor-vista .marco { resize: horizontal; }
.editor-formulario .error-detail, .editor-formulario .text-danger { color: #b3261e; }
.editor-formulario label { display: block; font-weight: 600; margin-top: 6px; }
.editor-formulario input:not([type=checkbox]), .editor-formulario select, .editor-formulario textarea { width: 100%; box-sizing: border-box; }
.editor-formulario .field-description, .editor-formulario .help-block { color: #555; font-size: 12px; margin: 0; }
.editor-formulario fieldset { border: 0; padding: 0; margin: 0; }
.editor-conflicto { border: 2px solid #b3261e; background: #fff8f7; padding: 8px 12px; margin: 8px 0; }
.editor-conflicto pre { margin: 0; max-height: 240px; overflow: auto; font: 12px ui-monospace, Menlo, Consolas, monospace; }
.editor-versiones { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.editor-versiones textarea { display: block; width: 100%; box-sizing: border-box; font: 12px ui-monospace, Menlo, Consolas, monospace; }
`;
