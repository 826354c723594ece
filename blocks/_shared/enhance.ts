// What the blocks that are HTML only (no component in the browser) still do on a click, by one
// listener on the document: a few lines for the whole page instead of each block's code and data.
//   <button data-toggle aria-controls="id" aria-expanded="false">: shows or hides #id (its `hidden`).
//   <a data-video-embed="https://…/embed/…" href="https://…/watch?v=…">: becomes the video's iframe
//   (the link still opens the video where scripts do not run).

export function enhance(root: Document): void {
  root.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest<HTMLElement>("[data-toggle][aria-controls]");
    if (toggle) {
      const panel = root.getElementById(toggle.getAttribute("aria-controls")!);
      if (!panel) return;
      const open = toggle.getAttribute("aria-expanded") !== "true";
      toggle.setAttribute("aria-expanded", String(open));
      panel.hidden = !open;
      return;
    }
    const video = target?.closest<HTMLAnchorElement>("a[data-video-embed]");
    if (video && !(event as MouseEvent).ctrlKey && !(event as MouseEvent).metaKey) {
      event.preventDefault();
      const frame = root.createElement("iframe");
      frame.src = video.dataset.videoEmbed!;
      frame.title = video.dataset.videoTitle ?? "";
      if (video.dataset.videoFrameClass) frame.className = video.dataset.videoFrameClass;
      frame.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      frame.allowFullscreen = true;
      video.replaceWith(frame);
      frame.focus();
    }
  });
}
