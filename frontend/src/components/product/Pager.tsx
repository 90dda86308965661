import "./product.css";

/** The page numbers a pager shows: the first and the last always, and a window of two on
 * each side of the current page; `null` marks a gap. */
export function pagerNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const before = sorted[i - 1];
    if (before !== undefined && p - before > 1) out.push(null);
    out.push(p);
  }
  return out;
}

/** Page links: previous, the first and last pages and a window around the current one, next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pagerNumbers(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`button ${p === page ? "" : "button--secondary"}`}
            aria-label={`Page ${p}`}
            aria-current={p === page ? "page" : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
