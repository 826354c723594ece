// The browser half: the sidebar's component (Component.tsx). The lists arrive without the article
// being read: the server half drops it.
import { NewsSidebar } from "./Component";

export default NewsSidebar;
