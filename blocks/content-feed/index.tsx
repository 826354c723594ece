/**
 * An output block: its data is written by the page's output renderer (RSS, JSON, sitemaps:
 * server/outputs), never drawn on an HTML page, which the validator does not let it join.
 */
export default function ContentFeed() {
  return null;
}
