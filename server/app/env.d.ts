/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Loaders answer through Remix's single fetch (future flag v3_singleFetch in remix.config.js).
import "@remix-run/server-runtime";
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
