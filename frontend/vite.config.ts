/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// The site server (`just serve`) answers the API; the dev server forwards to it.
const api = process.env.PLAINRATE_API ?? "http://127.0.0.1:8080";
const proxied = ["/api", "/home/rpc", "/ajax.php", "/sid.php", "/pixel.png", "/gototop.png", "/r", "/join", "/sign-in", "/sign-out"];

// react-router 7 exports only its development build (with its warnings); a production
// build takes the production build it ships beside it.
const routerProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

const routerModule = fileURLToPath(new URL("./node_modules/react-router/dist/development/index.mjs", import.meta.url));
const testingLibraryModule = fileURLToPath(
  new URL("./node_modules/@testing-library/react/dist/@testing-library/react.esm.js", import.meta.url),
);

// The server sends each page's content as HTML, so the app's scripts need not come before
// the style sheet and the page's images: they are fetched at low priority, and the first
// paint waits only for the HTML and the CSS.
function lowPriorityScripts(): Plugin {
  return {
    name: "low-priority-scripts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html
          .replaceAll('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
          .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin'),
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [react(), lowPriorityScripts()],
  resolve: {
    alias: [
      // Preact's React layer runs the app: the same components and hooks in about a tenth
      // of React DOM's download.
      { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
      { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
      { find: /^react(-dom)?\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react(-dom)?$/, replacement: "preact/compat" },
      ...(mode === "production" ? [{ find: /^react-router$/, replacement: routerProduction }] : []),
    ],
  },
  build: {
    target: "es2022",
    // Hashed names let the server cache assets for a year.
    assetsDir: "assets",
    manifest: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself.
    modulePreload: { polyfill: false },
    // One style sheet for the whole site, linked from the page's head:
    // split per chunk, a page's first render added up to 15 sheets one after another, and
    // each one restyled and laid out the whole page again (most of the listing, savings and
    // answers pages' blocking time).
    cssCodeSplit: false,
    rollupOptions: {
      // react-router looks up React's `use` and `useOptimistic`, which Preact's layer does not
      // have, and falls back when they are undefined: that warning is expected.
      onwarn(warning, warn) {
        if (warning.code === "IMPORT_IS_UNDEFINED" && warning.id?.includes("/react-router/")) return;
        warn(warning);
      },
    },
  },
  server: {
    fs: { allow: [".."] },
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])),
  },
  test: {
    environment: "jsdom",
    // Every core: the default leaves one free, which on a two-core machine runs the test
    // files one at a time.
    maxWorkers: availableParallelism(),
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // The libraries that import React are bundled with the tests (the testing library as its
    // module build), so that they too run on Preact.
    alias: [
      { find: /^@testing-library\/react$/, replacement: testingLibraryModule },
      { find: /^react-router$/, replacement: routerModule },
    ],
    server: { deps: { inline: [/@testing-library\/react/, /zustand/, /react-router/] } },
  },
}));
