// The age gate's browser half. The script after the gate has already marked it `data-confirmed` for
// a session that confirmed: then it goes. Otherwise it holds the keyboard focus on its button and
// keeps the page behind from scrolling until the reader confirms, which is remembered for the
// session under the flag the server wrote on the gate (docs/brands.md#age-gate). It imports nothing,
// so that it is one small chunk.
export default function enhanceAgeGate(frame: HTMLElement): void {
  const gate = frame.querySelector<HTMLElement>("[data-age-gate]");
  const button = gate?.querySelector<HTMLButtonElement>("[data-age-confirm]");
  if (!gate || !button) return;
  if (gate.hasAttribute("data-confirmed")) return gate.remove();
  const overflow = document.body.style.overflow;
  document.body.style.overflow = "hidden";
  button.focus();
  // Tab cannot leave the dialog for the page behind it.
  const keepFocus = (event: KeyboardEvent) => {
    if (event.key !== "Tab") return;
    event.preventDefault();
    button.focus();
  };
  document.addEventListener("keydown", keepFocus);
  button.addEventListener(
    "click",
    () => {
      try {
        window.sessionStorage.setItem(gate.dataset.sessionFlag!, gate.dataset.sessionValue!);
      } catch {
        // Storage refused (private mode, quota): the gate still opens for this page.
      }
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", keepFocus);
      gate.remove();
    },
    { once: true },
  );
}
