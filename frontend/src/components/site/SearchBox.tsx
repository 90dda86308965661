/**
 * The site search box: a plain GET form to `/search?q=`, so it works before and without
 * the app's code (and costs the first load almost nothing); the results page reads `q`.
 */
export function SearchBox({
  initial = "",
  label = "Search Plainrate",
  className = "",
  id,
  hidden,
}: {
  initial?: string;
  label?: string;
  className?: string;
  id?: string;
  hidden?: boolean;
}) {
  return (
    <form role="search" action="/search" method="get" className={`search-box ${className}`} id={id} hidden={hidden}>
      <input name="q" type="search" aria-label={label} defaultValue={initial} placeholder="Cards, accounts, banks, questions" autoComplete="off" enterKeyHint="search" required minLength={2} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
