import { createRoot } from "react-dom/client";
import { App, preloadPage } from "./App";
import { renderStaged } from "./app/staged";

const root = document.getElementById("root");
if (root) {
  // The server's HTML inside #root is for readers without scripts and for crawlers, and is
  // the first paint. The app renders beside it, unseen, once the first page's code is here
  // (a failed chunk still renders, through the page's own fallback), in parts a task each;
  // then it takes the server HTML's place in one step, so nothing shows "Loading…" or half
  // a page in between. Should the app fail to render, the server's HTML stays.
  const render = () => {
    const app = document.createElement("div");
    app.className = "app app--staging";
    root.append(app);
    const appRoot = createRoot(app);
    const show = () => {
      for (const node of [...root.childNodes]) if (node !== app) node.remove();
      app.classList.remove("app--staging");
    };
    renderStaged(() => appRoot.render(<App />), show).catch(() => {
      appRoot.unmount();
      app.remove();
    });
  };
  preloadPage(window.location).then(render, render);
}
