/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

// The site server (`just serve`) answers the API; the dev server forwards to it.
const api = process.env.PLAINRATE_API ?? "http://127.0.0.1:8080";
const proxied = ["/api", "/home/rpc", "/ajax.php", "/sid.php", "/pixel.png", "/gototop.png", "/r", "/join", "/sign-in", "/sign-out"];

// react-router 7 exports only its development build (with its warnings); a production
// build takes the production build it ships beside it.
const routerProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

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
    alias: mode === "production" ? [{ find: /^react-router$/, replacement: routerProduction }] : [],
  },
  build: {
    target: "es2022",
    // Hashed names let the server cache assets for a year.
    assetsDir: "assets",
    manifest: true,
    sourcemap: false,
    // Every browser the site supports preloads modules itself.
    modulePreload: { polyfill: false },
  },
  server: {
    fs: { allow: [".."] },
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])),
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
}));
