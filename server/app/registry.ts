// The registry the browser and the server render with: blocks and layouts, no content sources.
import { blocks } from "../../blocks";
import { createRegistry } from "../../runtime/registry";
import { layouts } from "./layouts";

export const renderRegistry = createRegistry({ blocks, layouts });
