// `tsx --import ./server/node/register-css.mjs …`: lets Node import blocks that import CSS.
import { register } from "node:module";

register("./css-hooks.mjs", import.meta.url);
