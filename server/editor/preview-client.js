// The page editor's preview frame (?_vista=): click a block to select it in the editor. Each block's
// frame carries data-block-id (runtime/render.tsx); hovering one outlines it with its Spanish name,
// a click tells the editor which block it is (postMessage to the parent, same origin only), and the
// editor's selection comes back outlined and scrolled into view. Served only with the editors' tools on
// (docs/decisions/0076-editor-canvas.md); the readers' pages never load it.
(() => {
  if (window.parent === window || window.__lienzoCargado) return;
  window.__lienzoCargado = true;
  const origin = location.origin;
  let titles = {};
  let selectedId = null;

  const box = (color, style) => {
    const element = document.createElement("div");
    element.style.cssText = `position:absolute;pointer-events:none;z-index:2147483646;box-sizing:border-box;border:2px ${style} ${color};display:none`;
    const label = document.createElement("span");
    label.style.cssText = `position:absolute;left:-2px;top:-22px;background:${color};color:#fff;font:12px/20px system-ui,sans-serif;padding:0 6px;white-space:nowrap`;
    element.append(label);
    document.body.append(element);
    return element;
  };
  const hover = box("#2563eb", "dashed");
  const selected = box("#c2410c", "solid");
  hover.dataset.lienzo = "hover";
  selected.dataset.lienzo = "selected";

  const blockOf = (target) => (target instanceof Element ? target.closest("[data-block-id]") : null);

  function outline(element, block) {
    if (!block) return void (element.style.display = "none");
    const rect = block.getBoundingClientRect();
    Object.assign(element.style, {
      display: "block",
      left: `${rect.left + scrollX}px`,
      top: `${rect.top + scrollY}px`,
      width: `${rect.width}px`,
      height: `${Math.max(rect.height, 4)}px`,
    });
    const type = block.getAttribute("data-block");
    element.firstChild.textContent = `${titles[type] ?? type} · ${block.getAttribute("data-block-id")}`;
  }

  const find = (id) => (id ? document.querySelector(`[data-block-id="${CSS.escape(id)}"]`) : null);

  document.addEventListener("mouseover", (event) => outline(hover, blockOf(event.target)));
  document.addEventListener("mouseleave", () => outline(hover, null));
  // A click selects the block; in the preview a link or button does not act (the page stays put).
  document.addEventListener(
    "click",
    (event) => {
      const block = blockOf(event.target);
      if (!block) return;
      event.preventDefault();
      event.stopPropagation();
      window.parent.postMessage({ lienzo: "seleccionar", id: block.getAttribute("data-block-id") }, origin);
    },
    true,
  );

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== window.parent || event.data?.lienzo !== "estado") return;
    titles = event.data.titles ?? {};
    const changed = event.data.selected !== selectedId;
    selectedId = event.data.selected ?? null;
    const block = find(selectedId);
    outline(selected, block);
    if (block && changed) block.scrollIntoView({ block: "center" });
  });
  // Layout changes (images loading, the window resized) move the blocks under the outlines.
  new ResizeObserver(() => outline(selected, find(selectedId))).observe(document.body);

  // Ready: clicks select from now on (a test waits for this mark).
  document.documentElement.dataset.lienzo = "listo";
  window.parent.postMessage({ lienzo: "listo" }, origin);
})();
