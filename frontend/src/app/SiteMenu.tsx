import { Link } from "react-router";

import type { RouteSection } from "../api/generated/RouteSection";
import { datedTitle } from "../rules/datePlaceholders";
import { useRoutes } from "./routeTable";

/**
 * The open header menu: every listing page of its sections, from the route table, so the
 * header reaches every category. Loaded when a menu is first opened.
 */
export default function SiteMenu({ label, sections }: { label: string; sections: readonly RouteSection[] }) {
  const table = useRoutes();
  return (
    <div id="site-menu" className="site-menu" role="region" aria-label={`${label} pages`}>
      <div className="container">
        {table.state === "loading" && <p className="site-menu__status">Loading…</p>}
        {table.state === "failed" && <p className="site-menu__status">The pages could not be loaded. Please try again.</p>}
        {table.state === "ready" && (
          <ul className="site-menu__list">
            {table.data
              .filter((route) => sections.includes(route.section))
              .map((route) => (
                <li key={route.path}>
                  <Link to={route.path}>{datedTitle(route.title)}</Link>
                </li>
              ))}
            {label === "Credit cards" && (
              <li>
                <Link to="/saved">Saved products</Link>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
