import "./product.css";

/** The editors' pros and cons, side by side on wide screens. */
export function ProsCons({ pros, cons }: { pros: readonly string[]; cons: readonly string[] }) {
  if (pros.length === 0 && cons.length === 0) return null;
  return (
    <div className="pros-cons">
      {pros.length > 0 && (
        <section className="pros-cons__list pros-cons__list--pros" aria-label="Pros">
          <h3>Pros</h3>
          <ul>{pros.map((p) => <li key={p}>{p}</li>)}</ul>
        </section>
      )}
      {cons.length > 0 && (
        <section className="pros-cons__list pros-cons__list--cons" aria-label="Cons">
          <h3>Cons</h3>
          <ul>{cons.map((c) => <li key={c}>{c}</li>)}</ul>
        </section>
      )}
    </div>
  );
}
