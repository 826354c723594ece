// The home page: Remix's splat route does not match "/", so the index route serves it the same way.
export { default, headers, loader, meta, shouldRevalidate } from "./$";
