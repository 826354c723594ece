import type { BlockProps } from "../../runtime/types";
import { darkThemeCss } from "../_shared/darkTheme";
import type { Settings } from "./settings";

/** The page's tokens in the brand's dark theme, whatever the reader chose (blocks/_shared/darkTheme.ts). */
export const DARK_THEME_CSS = darkThemeCss(":root");

/**
 * The forced dark theme (docs/carousels-and-blocks.md#dark-theme-switch): a stylesheet, rendered on
 * the server only, that the video layout places to put the whole page in the dark theme
 * (docs/article-pages.md#video-page). A constant: nothing from content reaches it.
 */
export default function DarkTheme(_props: BlockProps<Settings, null>) {
  return <style data-theme="oscuro" dangerouslySetInnerHTML={{ __html: DARK_THEME_CSS }} />;
}
