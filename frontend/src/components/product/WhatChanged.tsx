import "./product.css";
import { useOfferHistory } from "./offerHistory";
import { formatDate } from "../ui/dates";

/** "What changed, when": the figures imports changed, newest first, from the product's
 * recorded history; says when the figures were first published when none has changed. */
export function WhatChanged({ name }: { name: string }) {
  const history = useOfferHistory(name);
  if (history === "failed") return <p className="what-changed">The history of this product could not be loaded.</p>;
  if (!history) return null;
  // A starting figure is no change; a figure first given by a later import is one.
  const changes = history.changes.filter((c) => c.old !== undefined || !c.first).reverse();
  const first = history.changes[0];
  // One source for every change is named once, below the list.
  const sources = new Set(changes.map((c) => c.source ?? ""));
  const oneSource = sources.size === 1 ? [...sources][0] : undefined;
  return (
    <div className="what-changed">
      <h3>What changed, when</h3>
      {changes.length === 0 ? (
        <p>{first ? `No figure has changed since we first published it on ${formatDate(first.date)}.` : "We have no history of this product's figures yet."}</p>
      ) : (
        <ul>
          {changes.map((c) => (
            <li key={`${c.date}-${c.field}`}>
              <time dateTime={c.date}>{formatDate(c.date)}</time>: {c.label} {c.old ?? "—"} → {c.new ?? "no longer given"}
              {oneSource === undefined && c.source ? <span className="what-changed__source"> (source: {c.source})</span> : null}
            </li>
          ))}
        </ul>
      )}
      {changes.length > 0 && oneSource ? <p className="what-changed__source">Source: {oneSource}</p> : null}
    </div>
  );
}
