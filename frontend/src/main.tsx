import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadPage } from "./App";

const root = document.getElementById("root");
if (root) {
  // The server's HTML inside #root is for readers without scripts and for crawlers; the
  // app replaces it once the first page's code is here, so it never shows "Loading…"
  // in between (a failed chunk still renders, through the page's own fallback).
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  preloadPage(window.location).then(render, render);
}
