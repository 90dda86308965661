import "./product.css";

/** Page links: previous, a window of numbers around the current page, next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  const numbers: number[] = [];
  for (let p = Math.max(1, page - 2); p <= Math.min(pages, page + 2); p++) numbers.push(p);
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {numbers.map((p) => (
        <button key={p} type="button" className={`button ${p === page ? "" : "button--secondary"}`} aria-current={p === page ? "page" : undefined} onClick={() => onPage(p)}>
          <span className="visually-hidden">Page </span>
          {p}
        </button>
      ))}
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
