import { useId } from "react";
import type { Category } from "../../api/generated/Category";

/**
 * The search box, the category menu (when `categories` is given) and the order menu of a
 * question list. While a search runs the order menu says "Best match" and waits: a search
 * lists the best matches first, whatever the order chosen.
 */
export function QuestionTools({
  text,
  onText,
  searching,
  sort,
  onSort,
  categories,
  category,
  onCategory,
}: {
  text: string;
  onText: (text: string) => void;
  searching: boolean;
  sort: "mp" | "mv";
  onSort: (sort: "mp" | "mv") => void;
  categories?: readonly Category[];
  category?: number | null;
  onCategory?: (id: number | null) => void;
}) {
  const note = useId();
  return (
    <form className="qna__tools" role="search" onSubmit={(e) => e.preventDefault()}>
      <label className="qna__search">
        <span>Search questions</span>
        <input type="search" value={text} placeholder="For example: balance transfer" onChange={(e) => onText(e.target.value)} />
      </label>
      {categories && onCategory && (
        <label>
          <span>Category</span>
          <select value={category ?? ""} onChange={(e) => onCategory(e.target.value === "" ? null : Number(e.target.value))}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        <span>Sort by</span>
        <select
          aria-describedby={searching ? note : undefined}
          value={searching ? "match" : sort}
          disabled={searching}
          onChange={(e) => onSort(e.target.value === "mv" ? "mv" : "mp")}
        >
          {searching && <option value="match">Best match</option>}
          <option value="mp">Most Popular</option>
          <option value="mv">Most Upvotes</option>
        </select>
      </label>
      {searching && (
        <small id={note} className="qna__note">
          A search lists the best matches first.
        </small>
      )}
    </form>
  );
}
