import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import "./styles/base.css";

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
