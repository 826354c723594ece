/** An output block: the sitemap-index renderer (server/outputs) writes its data; it draws nothing. */
export default function SitemapIndex() {
  return null;
}
