import { useNavigate } from "react-router";
import { MIN_COMPARED } from "../../rules/constants";
import { useCompare } from "../../stores/compare";
import "./CompareBar.css";

/** The bar that appears once a product is ticked for comparison. */
export function CompareBar() {
  const ids = useCompare((s) => s.ids);
  const names = useCompare((s) => s.names);
  const reset = useCompare((s) => s.reset);
  const initiate = useCompare((s) => s.initiate);
  const navigate = useNavigate();
  if (ids.length === 0) return null;
  return (
    <aside className="compare-bar" aria-label="Compare products">
      <div className="compare-bar__inner container">
        <p className="compare-bar__names">
          <strong>Compare ({ids.length}/4):</strong> {ids.map((id) => names[id] ?? id).join(", ")}
        </p>
        <div className="compare-bar__actions">
          <button type="button" className="button button--secondary" onClick={reset}>
            Clear
          </button>
          <button type="button" className="button" disabled={ids.length < MIN_COMPARED} onClick={() => navigate(initiate())}>
            {ids.length < MIN_COMPARED ? "Pick one more" : "Compare now"}
          </button>
        </div>
      </div>
    </aside>
  );
}
