// On a phone the bar scrolls sideways: bring the current page's item into view (centred when it can
// be), without moving the page itself.
export default function enhanceVideoNav(frame: HTMLElement): void {
  const current = frame.querySelector<HTMLElement>('a[aria-current="page"]');
  const list = current?.closest("ul");
  if (!current || !list || list.scrollWidth <= list.clientWidth) return;
  const item = current.parentElement!;
  list.scrollLeft = item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
}
