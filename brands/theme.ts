// Theme helpers: the CSS that sets a brand's tokens on <html>, and the WCAG contrast ratio used to
// check every palette (tests fail when a brand's text would drop below AA).
import type { BrandTheme, ThemeToken } from "./types";

/** WCAG 2.x minimum contrast for normal-size text (level AA). */
export const WCAG_AA_TEXT_CONTRAST = 4.5;

/** `:root{--color-primary:#...;...}`: the brand's tokens as a stylesheet rule. */
export function themeCss(theme: BrandTheme, selector = ":root"): string {
  const declarations = (Object.keys(theme) as ThemeToken[]).map((token) => `${token}:${theme[token]}`);
  return `${selector}{${declarations.join(";")}}`;
}

function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`Color "${hex}" no es un color hexadecimal de 6 dígitos (#rrggbb)`);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(match[1].slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two #rrggbb colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const a = relativeLuminance(foreground);
  const b = relativeLuminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
