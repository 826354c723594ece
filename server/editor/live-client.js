// Live preview (npm run dev): this tab listens to the server's page-definition events. A good save of
// the page it shows reloads it (scroll kept); a definition with problems shows them over the page,
// one validator line each, while the last good version stays underneath. So does code: the tab
// reloads when other code answers (npm run dev replaces the server process, or its build, after every
// good build), and a build that failed shows its errors over the page. Served only when the
// editors' tools are on; never part of the readers' bundles (docs/decisions/0018-editor-tools.md).
// window.__vistaEnVivo turns true once the server's first message arrives: from then on every save is seen.
(() => {
  // Only a top-level tab listens. A page inside a frame (the catalogue's hundreds of examples, the
  // editor's preview) is its parent's to reload: one stream per frame would take the browser's six
  // connections to this host and stall every other request of the page.
  if (window.top !== window) return;
  if (window.__vistaEnVivoCargada) return;
  window.__vistaEnVivoCargada = true;
  const OVERLAY = "vista-en-vivo-problemas";
  const pageId = () => document.querySelector("[data-page-id]")?.getAttribute("data-page-id");
  // The page editor holds unsaved work: it is never reloaded from here (it shows the problems all the same).
  const reload = () => location.pathname.startsWith("/_editor/") || location.reload();
  // The version of the page files this page was made from (absent: nothing to compare).
  const scriptUrl = document.currentScript ? new URL(document.currentScript.src) : null;
  const madeFrom = scriptUrl?.searchParams.get("version") ?? null;
  // The server process that made it (absent: nothing to compare).
  const madeBy = scriptUrl?.searchParams.get("codigo") ?? null;

  function showProblems(lines, heading) {
    let box = document.getElementById(OVERLAY);
    if (!box) {
      box = document.createElement("div");
      box.id = OVERLAY;
      box.setAttribute("role", "alert");
      box.style.cssText =
        "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:2147483647;background:rgba(20,20,20,.94);color:#fff;" +
        "font:13px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:16px 20px;border-top:4px solid #e5484d;box-shadow:0 -4px 24px rgba(0,0,0,.4)";
      document.body.appendChild(box);
    }
    box.replaceChildren();
    const title = document.createElement("strong");
    title.textContent = `${heading} (${lines.length}): se sigue mostrando la última versión válida`;
    title.style.cssText = "display:block;margin-bottom:8px;color:#ff9592;font-family:system-ui,sans-serif";
    const list = document.createElement("pre");
    list.style.cssText = "margin:0;white-space:pre-wrap";
    list.textContent = lines.join("\n");
    box.append(title, list);
  }

  function hideProblems() {
    document.getElementById(OVERLAY)?.remove();
  }

  const source = new EventSource("/_editor/api/eventos");
  source.addEventListener("estado", (event) => {
    const state = JSON.parse(event.data);
    // Other code answers: the server restarted, or loaded a new build, since this page was made.
    if (madeBy !== null && state.code !== undefined && String(state.code) !== madeBy) return void location.reload();
    if (state.initial) window.__vistaEnVivo = true;
    if (state.build?.length) return showProblems(state.build, "El código no compila");
    if (state.problems.length) return showProblems(state.problems, "Definición con problemas");
    hideProblems();
    // Files saved between this page's render and now: the page may be out of date.
    if (state.initial) return void (madeFrom !== null && Number(madeFrom) !== state.version && reload());
    const id = pageId();
    if (state.all || (id && state.changed.includes(id))) reload();
  });
  window.addEventListener("pagehide", () => source.close());
})();
