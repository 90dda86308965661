import { useId, useState } from "react";
import type { ListingResponse } from "../../api/generated/ListingResponse";
import type { ListingSort } from "../../api/generated/ListingSort";
import type { RouteInfo } from "../../api/generated/RouteInfo";
import { RemovableTag } from "../ui";
import { COMPACT_MAX_WIDTH_PX } from "../ui/breakpoints";
import { useMaxWidth } from "../site/useMaxWidth";
import "./ListingFilters.css";

const SORT_LABELS: Record<ListingSort, string> = {
  editorial: "Our ranking",
  rating: "Overall rating",
  reviews: "Most member ratings",
  apy: "Highest APY",
  annualFee: "Lowest annual fee",
  apr: "Lowest APR",
  name: "Name (A–Z)",
};

/** The orders a listing of this route offers. */
export function sortsFor(route: RouteInfo): ListingSort[] {
  switch (route.section) {
    case "banking":
      return ["editorial", "rating", "reviews", "apy", "name"];
    case "loans":
      return ["editorial", "rating", "reviews", "apr", "name"];
    default:
      return ["editorial", "rating", "reviews", "annualFee", "apr", "name"];
  }
}

export interface ListingFiltersProps {
  route: RouteInfo;
  listing: ListingResponse | null;
  need: string | null;
  scenario: string | null;
  sort: ListingSort;
  noSponsorship: boolean;
  onChange: (name: string, value: string | null) => void;
}

/**
 * The visitor's need (or customer scenario), the sort and the no-sponsorship switch. On a
 * phone the form opens from a button, so the first product shows without scrolling; the
 * filters in use stay in sight as tags.
 */
export function ListingFilters(props: ListingFiltersProps) {
  const compact = useMaxWidth(COMPACT_MAX_WIDTH_PX);
  const [open, setOpen] = useState(false);
  const formId = useId();
  return (
    <>
      {compact && (
        <button
          type="button"
          className="button button--secondary filters__toggle"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          Filter and sort
        </button>
      )}
      <FilterForm {...props} id={formId} hidden={compact && !open} />
      <ActiveFilters {...props} />
    </>
  );
}

/** The choices in force, each removable in one click. */
function ActiveFilters({ route, need, scenario, sort, noSponsorship, onChange }: ListingFiltersProps) {
  const tags: { name: string; label: string }[] = [];
  const needLabel = route.needs?.find((n) => n.key === need)?.label;
  if (need) tags.push({ name: "need", label: `Need: ${needLabel ?? need}` });
  const scenarioLabel = route.scenarios?.find((s) => s.key === scenario)?.label;
  if (scenario) tags.push({ name: "scenario", label: `Situation: ${scenarioLabel ?? scenario}` });
  if (sort !== "editorial") tags.push({ name: "sort", label: `Sorted by ${SORT_LABELS[sort].toLowerCase()}` });
  if (noSponsorship) tags.push({ name: "sponsorship", label: "No sponsorship" });
  if (tags.length === 0) return null;
  return (
    <ul className="filters__active" aria-label="Filters in use">
      {tags.map((t) => (
        <li key={t.name}>
          <RemovableTag label={t.label} onRemove={() => onChange(t.name, null)} />
        </li>
      ))}
    </ul>
  );
}

function FilterForm({ route, need, scenario, sort, noSponsorship, onChange, id, hidden }: ListingFiltersProps & { id: string; hidden: boolean }) {
  const needId = useId();
  const scenarioId = useId();
  const sortId = useId();
  const needs = route.needs ?? [];
  const scenarios = route.scenarios ?? [];
  return (
    <form id={id} hidden={hidden} className="filters" aria-label="Filter and sort" onSubmit={(e) => e.preventDefault()}>
      {needs.length > 0 && (
        <div className="filters__field">
          <label htmlFor={needId}>Your need</label>
          <select id={needId} value={need ?? ""} onChange={(e) => onChange("need", e.target.value || null)}>
            <option value="">Any need ({route.order.label})</option>
            {needs.map((n) => (
              <option key={n.key} value={n.key}>
                {n.label}
              </option>
            ))}
          </select>
        </div>
      )}
      {scenarios.length > 0 && (
        <div className="filters__field">
          <label htmlFor={scenarioId}>Your situation</label>
          <select id={scenarioId} value={scenario ?? ""} onChange={(e) => onChange("scenario", e.target.value || null)}>
            <option value="">{route.scenario ? `Default: ${route.scenario.label}` : "Any situation"}</option>
            {scenarios.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="filters__field">
        <label htmlFor={sortId}>Sort by</label>
        <select id={sortId} value={sort} onChange={(e) => onChange("sort", e.target.value === "editorial" ? null : e.target.value)}>
          {sortsFor(route).map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <label className="filters__switch">
        <input type="checkbox" role="switch" checked={noSponsorship} onChange={(e) => onChange("sponsorship", e.target.checked ? "none" : null)} />
        <span>Order with no sponsorship</span>
      </label>
    </form>
  );
}
