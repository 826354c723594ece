// The components the page renders with, in the browser and on the server: blocks and layouts.
import { blockViews } from "../../blocks";
import type { ViewRegistry } from "../../runtime/registry";
import { layoutViews } from "./layouts";

export const views: ViewRegistry = { blocks: blockViews, layouts: layoutViews };
