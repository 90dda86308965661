import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./styles/base.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <p>Loading…</p>
    </StrictMode>,
  );
}
