import { useLayoutEffect, useState, type ReactNode } from "react";

/**
 * The app's first render, cut into tasks. Preact renders a tree in one go; a whole listing
 * at once is one long task that holds up a tap or a scroll on a slow phone. During the
 * first render (`renderStaged`) each `<Later>` renders nothing at first and its children
 * follow one `<Later>` per task, while the server's HTML stays on screen; once every part
 * is there the app takes its place. After that, `<Later>` renders its children at once.
 */

let staging = false;
const queue: Array<() => void> = [];
let settled: (() => void) | null = null;
const channel = typeof MessageChannel === "undefined" ? null : new MessageChannel();

// One part per task: a message runs after the browser has had its turn (a tap, a frame).
function nextPart() {
  const reveal = queue.shift();
  if (reveal) {
    reveal();
    channel?.port2.postMessage(null);
  } else {
    staging = false;
    settled?.();
    settled = null;
  }
}
if (channel) channel.port1.onmessage = nextPart;

/**
 * Runs `render` with `<Later>` parts held back, then shows them one task at a time; resolves
 * once the last is rendered.
 */
export function renderStaged(render: () => void): Promise<void> {
  if (!channel) {
    render();
    return Promise.resolve();
  }
  staging = true;
  return new Promise((resolve) => {
    settled = resolve;
    render();
    channel.port2.postMessage(null);
  });
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
