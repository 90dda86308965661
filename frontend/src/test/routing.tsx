/** Rendering at an address, for component and page tests: a memory router, and a probe that shows where it is. */
import { render, type RenderResult } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";

/**
 * The router's current path and query as text (`data-testid="location"`), for a test to
 * follow navigation. A plain paragraph, so it adds no live region beside a page's own status.
 */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

/** Renders `ui` (routes, or a component that needs a router) in a memory router at `address`, with a `LocationProbe` after it. */
export function renderAt(address: string, ui: ReactNode): RenderResult {
  return render(
    <MemoryRouter initialEntries={[address]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>,
  );
}
