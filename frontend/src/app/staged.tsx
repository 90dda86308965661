import { useLayoutEffect, useState, type ReactNode } from "react";

/**
 * The app's first render, cut into tasks. Preact renders a tree in one go; a whole listing
 * at once is one long task that holds up a tap or a scroll on a slow phone. During the
 * first render (`renderStaged`) each `<Later>` renders nothing at first and its children
 * follow one `<Later>` per task, while the app is laid out unseen beside the server's HTML;
 * once every part is there the app is shown in its place. After that, `<Later>` renders its
 * children at once.
 *
 * What must happen on screen (a scroll to a `#section`, a focus, counting a card as seen)
 * waits for that moment through `whenShown`.
 */

let staging = false;
let onScreen = true;
const queue: Array<() => void> = [];
const waiting = new Set<() => void>();
let finish: (() => void) | null = null;
const channel = typeof MessageChannel === "undefined" ? null : new MessageChannel();

// One part per task: a message runs after the browser has had its turn (a tap, a frame).
function nextPart() {
  const reveal = queue.shift();
  if (reveal) {
    reveal();
    channel?.port2.postMessage(null);
  } else {
    finish?.();
  }
}
if (channel) channel.port1.onmessage = nextPart;

// After the frame that paints the app, so that what measures reads a layout already made
// instead of forcing the whole page's layout into the task that showed it.
function afterPaint(run: () => void) {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(run, 0));
  else setTimeout(run, 0);
}

function settle(done: () => void) {
  staging = false;
  queue.length = 0;
  finish = null;
  onScreen = true;
  afterPaint(() => {
    const callbacks = [...waiting];
    waiting.clear();
    for (const callback of callbacks) callback();
    done();
  });
}

/**
 * Renders with `<Later>` parts held back, adds them one task at a time, then calls `show`
 * (which puts the app on screen) and, after the next frame, everything waiting in
 * `whenShown`; resolves then. Rejects, with the app not shown, when `render` throws.
 */
export function renderStaged(render: () => void, show: () => void): Promise<void> {
  if (!channel) {
    render();
    show();
    return Promise.resolve();
  }
  staging = true;
  onScreen = false;
  return new Promise((resolve, reject) => {
    finish = () => {
      try {
        show();
        settle(resolve);
      } catch (error) {
        waiting.clear();
        settle(() => reject(error));
      }
    };
    try {
      render();
    } catch (error) {
      waiting.clear();
      settle(() => reject(error));
      return;
    }
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `callback` once the app is on screen: at once when it is, else after the frame that
 * first shows it. Returns a function that cancels a callback still waiting, for an
 * effect's cleanup.
 */
export function whenShown(callback: () => void): () => void {
  if (onScreen) {
    callback();
    return () => {};
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** Children that may come a task after the rest of the first render (see `renderStaged`). */
export function Later({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(!staging);
  // A layout effect, so the part is queued in the task that rendered its parent.
  useLayoutEffect(() => {
    if (!shown) queue.push(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
