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
if (document.visibilityState === "hidden") {
  // No frames are drawn in a background tab: start at once.
  start();
} else {
  // After the next frame is painted (a timer set in a frame callback runs after it).
  requestAnimationFrame(() => setTimeout(start, 0));
  // Should frames stop (the tab is hidden meanwhile), start anyway.
  setTimeout(start, 500);
}
