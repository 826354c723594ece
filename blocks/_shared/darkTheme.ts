// The dark theme (docs/carousels-and-blocks.md#dark-theme-switch): the brand's dark tokens
// (--color-dark-*) for the whole page, with surfaces, borders and muted text that keep WCAG AA on
// them. The video layout forces it (blocks/dark-theme); readers choose it with the footer's switch,
// remembered in this browser, or get it from their system's preference (prefers-color-scheme) until
// they choose. Both the rules and the script are written into the document's head on the server:
// the browser never loads them as a module (docs/decisions/0015-enhancers-and-javascript-budgets.md).

/** Where the reader's choice is kept (localStorage): "oscuro" or "claro"; absent, the system decides. */
export const THEME_STORAGE_KEY = "bloques:tema";
/** The attribute on <html> that turns the reader's dark theme on. */
export const THEME_ATTRIBUTE = "data-tema";
const DARK = "oscuro";
const LIGHT = "claro";
/** The footer's switch. */
const THEME_SWITCH = "[data-theme-switch]";
/** The stylesheet of the video layout's dark-theme block: a page that is dark whatever the reader chose. */
const FORCED_DARK = 'style[data-theme="oscuro"]';

/** The dark theme's rules for `root` (a selector of the <html> element). A constant: nothing from content reaches it. */
export function darkThemeCss(root: string): string {
  return (
    `${root}{color-scheme:dark;--color-background:var(--color-dark-background);--color-text:var(--color-dark-text);` +
    "--color-surface:rgba(255,255,255,.06);--color-border:rgba(255,255,255,.18);--color-muted:#c2c2c2}" +
    `${root} body{background:var(--color-dark-background);color:var(--color-dark-text)}`
  );
}

/** The reader's dark theme: on while <html data-tema="oscuro">. */
export const READER_DARK_THEME_CSS = darkThemeCss(`:root[${THEME_ATTRIBUTE}="${DARK}"]`);

/**
 * The head's inline script. Before the first paint it turns the dark theme on from the stored choice,
 * else from the system's preference (storage may be unavailable: then the system decides), so a dark
 * page never flashes light. Once the page is parsed it shows the footer's switches (hidden until a
 * script can make them work; not on pages that force the dark theme) with the theme's state; a click
 * on one switches the theme and remembers the choice; until the reader chooses, a change of the
 * system's preference is followed.
 */
export const THEME_SCRIPT = `(function(k,a,D,L,W,F){var r=document.documentElement,m=window.matchMedia&&matchMedia("(prefers-color-scheme: dark)"),s;
try{s=localStorage.getItem(k)}catch(e){}
function c(){return s===D||s===L}
function y(){var on=r.getAttribute(a)===D,f=!!document.querySelector(F),b=document.querySelectorAll(W);for(var i=0;i<b.length;i++){b[i].setAttribute("aria-checked",String(on));b[i].hidden=f}}
function t(on){if(on)r.setAttribute(a,D);else r.removeAttribute(a);y()}
t(c()?s===D:!!(m&&m.matches));
if(m&&m.addEventListener)m.addEventListener("change",function(e){if(!c())t(e.matches)});
document.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest(W);if(!b)return;s=r.getAttribute(a)===D?L:D;try{localStorage.setItem(k,s)}catch(x){}t(s===D)});
document.addEventListener("DOMContentLoaded",y)})(${[THEME_STORAGE_KEY, THEME_ATTRIBUTE, DARK, LIGHT, THEME_SWITCH, FORCED_DARK].map((value) => JSON.stringify(value)).join(",")});`;
