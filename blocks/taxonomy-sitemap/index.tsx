/** An output block: the sitemap renderer (server/outputs) writes its data; it draws nothing. */
export default function TaxonomySitemap() {
  return null;
}
