import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { restoreSavedFeatures } from "./components/site/a11yFeatures";
import "./styles/base.css";
import "./styles/a11y.css";

// The visitor's saved accessibility features go on before React renders, so nothing flashes.
restoreSavedFeatures();

const root = document.getElementById("root");
if (root) {
  // The server's HTML inside #root is for readers without scripts and for crawlers; the
  // app replaces it.
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
