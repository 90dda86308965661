import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage } from "./App";

const root = document.getElementById("root");
if (root) {
  // The server's HTML inside #root is for readers without scripts and for crawlers; the
  // app replaces it once the first page's code is here, so it never shows "Loading…"
  // in between (a failed chunk still renders, through the page's own fallback).
  // As a transition, React renders in slices and yields to the browser between them
  // (the server's HTML stays on screen meanwhile), instead of one long task that would
  // hold up a tap or a scroll.
  const render = () =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  preloadPage(window.location).then(render, render);
}
