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
.catalogo-campos { columns: 18em; margin: 4px 0; }
.catalogo-bloque tbody th { text-align: left; font-weight: normal; }
.marco { overflow: hidden; border: 1px solid #bbb; background: #fafafa; }
.marco iframe { border: 0; transform-origin: 0 0; }
.editor { display: grid; grid-template-columns: 340px minmax(320px, 1fr) minmax(400px, 1.3fr); gap: 16px; align-items: start; }
/* Each column is its own scroll area, held in view: an inserted block's form shows without scrolling the page. */
.editor > section { position: sticky; top: 0; max-height: 100vh; overflow: auto; overscroll-behavior: contain; box-sizing: border-box; padding: 0 4px 8px; }
.editor-vista > .editor-barra { position: sticky; top: 0; z-index: 1; background: #fff; margin-top: 0; padding: 4px 0; }
.paleta { position: sticky; top: 0; z-index: 1; background: #fff; padding-bottom: 6px; border-bottom: 1px solid #ddd; }
.paleta input[type=search] { width: 100%; box-sizing: border-box; }
.paleta ul { list-style: none; margin: 4px 0 0; padding: 0; max-height: 28vh; overflow: auto; }
.paleta li button { display: flex; gap: 8px; align-items: flex-start; width: 100%; text-align: left; background: #fff; border: 1px solid #ddd; margin: 2px 0; touch-action: none; }
.paleta li button[aria-pressed="true"] { border-color: #2563eb; background: #eff4ff; }
.paleta li button small { display: block; color: #555; font-size: 12px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 250px; }
.miniatura { flex: none; display: inline-grid; place-items: center; width: 32px; height: 32px; border-radius: 4px; color: #fff; font: 600 13px system-ui, sans-serif; }
.arrastre { background: #fff; border: 2px solid #2563eb; padding: 4px 8px; box-shadow: 0 4px 12px rgba(0,0,0,.25); cursor: grabbing; }
.arrastrando { opacity: .45; }
.solo-lectores { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.editor-regiones ol { list-style: none; margin: 0 0 8px; padding: 4px; min-height: 28px; border: 1px dashed #bbb; }
.editor-regiones li[data-insertar="antes"] { box-shadow: 0 -4px 0 #2563eb; }
.editor-regiones ol[data-insertar] > li:last-child { box-shadow: 0 4px 0 #2563eb; }
.editor-regiones ol[data-insertar]:empty { border-color: #2563eb; background: #eff4ff; }
/* A block scrolled into view lands below the sticky palette, not under it. */
.editor-regiones li { border: 1px solid #ccc; background: #fff; margin: 3px 0; padding: 4px 6px; scroll-margin-top: calc(28vh + 120px); }
.editor-regiones li[aria-current="true"] { outline: 2px solid #2563eb; }
.editor-regiones li.marcador { border: 2px dashed #2563eb; background: #eff4ff; }
.editor-regiones .asa { cursor: grab; touch-action: none; padding: 0 4px; }
.editor-regiones li.con-problemas { border-color: #b3261e; }
.editor-regiones .programado { display: block; font-size: 12px; color: #8a5a00; }
.editor-regiones .programado[data-estado="live"] { color: #1f6f2b; }
.editor-regiones .programado[data-estado="expired"] { color: #666; }
.editor-regiones li .acciones { display: flex; gap: 4px; flex-wrap: wrap; margin-top: 2px; }
.editor-regiones li.heredado { background: #f4f6fa; border-style: dashed; color: #333; }
.editor-regiones li.oculto { color: #555; }
.editor-barra { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 8px 0; }
.editor-vista .marco { resize: horizontal; }
.editor-formulario .error-detail, .editor-formulario .text-danger { color: #b3261e; }
.editor-formulario label { display: block; font-weight: 600; margin-top: 6px; }
.editor-formulario input:not([type=checkbox]), .editor-formulario select, .editor-formulario textarea { width: 100%; box-sizing: border-box; }
.editor-formulario .field-description, .editor-formulario .help-block { color: #555; font-size: 12px; margin: 0; }
.editor-formulario fieldset { border: 0; padding: 0; margin: 0; }
.selector-busqueda { position: relative; }
.selector-busqueda [role=listbox] { position: absolute; z-index: 2; left: 0; right: 0; max-height: 280px; overflow: auto; margin: 0; padding: 2px 0; list-style: none; background: #fff; border: 1px solid #888; box-shadow: 0 2px 6px rgb(0 0 0 / 20%); }
.selector-busqueda [role=option] { padding: 3px 8px; cursor: pointer; }
.selector-busqueda [role=option][aria-selected=true] { background: #dbe7fd; outline: 1px solid #2563eb; }
.selector-busqueda [role=option] small, .selector .elegidos code { color: #555; }
.selector .nota { font-size: 12px; margin: 2px 0; }
.selector .etiqueta { display: block; font-weight: 600; margin-top: 6px; }
.selector .elegidos { margin: 4px 0; padding-left: 20px; }
.editor-conflicto { border: 2px solid #b3261e; background: #fff8f7; padding: 8px 12px; margin: 8px 0; }
.editor-conflicto pre { margin: 0; max-height: 240px; overflow: auto; font: 12px ui-monospace, Menlo, Consolas, monospace; }
.editor-versiones { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.editor-versiones textarea { display: block; width: 100%; box-sizing: border-box; font: 12px ui-monospace, Menlo, Consolas, monospace; }
/* Keyboard focus shows everywhere, in a colour apart from the selected block's blue outline. */
.herramientas :focus-visible { outline: 3px solid #c2410c; outline-offset: 1px; }
.editor-formulario .boton-icono { min-width: 28px; margin: 2px 4px 2px 0; }
.editor-formulario .boton-anadir { margin: 4px 0; }
.editor-formulario .array-item { display: flex; flex-wrap: wrap; gap: 4px; align-items: end; }
.editor-formulario .array-item > .form-group { flex: 1 1 200px; }
.fecha-hora { display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; }
.editor-formulario .fecha-hora input { width: auto; max-width: 100%; }
.editor-formulario .tipo-de-valor { font-weight: normal; }
.ventana-pagina legend { font-weight: 600; font-size: 16px; }
.ventana-pagina > div { margin-bottom: 8px; }
/* Narrow screens: one column (blocks, settings, preview stacked), scrolled with the page, nothing wider than the screen. */
@media (max-width: 899px) {
  .herramientas { padding: 8px 12px; }
  .editor { grid-template-columns: minmax(0, 1fr); }
  .editor > section { position: static; max-height: none; overflow: visible; padding: 0; }
  .paleta { position: static; }
  .editor-regiones li { scroll-margin-top: 8px; }
  .editor-vista .marco { resize: none; }
  .editor-vista > .editor-barra { position: static; }
  .editor-versiones { grid-template-columns: minmax(0, 1fr); }
  .editor-conflicto { overflow-x: auto; }
}
`;
