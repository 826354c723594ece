// What the output-type tests feed the feed blocks and renderers: a request context and a story
// document with markup, a hostile link and a promo image to escape, drop and size.
import type { PageContext } from "../../runtime/types";

export const context = (extra: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/", params: {}, query: {}, ...extra });

export const doc = (id: string, extra: Record<string, any> = {}) => ({
  _id: id,
  type: "story",
  canonical_url: `/nacion/articulo/${id}/`,
  headlines: { basic: `Titular ${id} <b>& cía</b>` },
  subheadlines: { basic: "Resumen" },
  publish_date: "2026-11-21T12:00:00.000Z",
  credits: { by: [{ name: "Vicky Dávila" }] },
  taxonomy: { primary_section: { _id: "/nacion", name: "Nación" } },
  promo_items: { basic: { url: "/images/a.jpg", width: 1200, height: 675 } },
  content_elements: [
    { type: "text", content: "Primer párrafo." },
    { type: "text", content: 'Segundo párrafo <script>alert(1)</script>con <a href="javascript:alert(1)">enlace</a>.' },
  ],
  ...extra,
});
