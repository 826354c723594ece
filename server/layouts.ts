// The layouts editors choose in a page's "layout", and the regions each one places. The components
// that place them are in server/app/layouts.tsx; the validator needs only the names and regions.
import type { LayoutDefinition } from "../runtime/types";

export const layouts: LayoutDefinition[] = [
  { name: "main-sidebar", regions: ["header", "top", "main", "sidebar", "bottom", "footer"] },
  { name: "header-main-footer", regions: ["header", "main", "footer"] },
  { name: "header-main-footer-serif", regions: ["header", "main", "footer"] },
  { name: "landing", regions: ["header", "main-landing", "footer"] },
  { name: "single-section", regions: ["main"] },
];
