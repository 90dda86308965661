// The page's first paint is the server's HTML, styled by this entry's style sheet. The
// app's code is fetched only once that paint is on screen, so the HTML and the CSS have
// the connection to themselves until then; the app then takes over the page.
import { restoreSavedFeatures } from "./components/site/a11yFeatures";
import "./styles/base.css";
import "./styles/a11y.css";

// The visitor's saved accessibility features go on before the first paint, so nothing
// flashes.
restoreSavedFeatures();

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./main");
};
const afterNextFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
if (document.visibilityState === "hidden" || typeof PerformanceObserver === "undefined") {
  // No frames are drawn in a background tab (and an old browser cannot tell): start now.
  start();
} else {
  // Once the server's content is painted (the first contentful paint), after that frame.
  const paints = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length > 0) {
      paints.disconnect();
      afterNextFrame();
    }
  });
  paints.observe({ type: "paint", buffered: true });
  // A page with nothing to paint, or a tab hidden meanwhile, starts anyway.
  addEventListener("load", () => setTimeout(start, 100), { once: true });
}
