import { type ComponentType, createElement, lazy, useState } from "react";

/** A page component whose code is its own chunk, with a way to load that chunk early. */
export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the page's chunk; once it has loaded, the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * Like `React.lazy`, but a page whose chunk was loaded with `preload()` before it first
 * renders appears at once instead of through the Suspense fallback. The app preloads the
 * first page before it replaces the server's HTML, so the first thing it paints is the
 * page itself, not "Loading…" followed by the page (which moved everything below it).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Page(props: P) {
    // Chosen once per mount, so the page is never swapped for another component type
    // (which would remount it) when its chunk arrives.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload });
}
