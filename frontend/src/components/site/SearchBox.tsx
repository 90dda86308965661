import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";

/**
 * The site search box: a plain GET form to `/search?q=`, so it works before the app has
 * loaded; once it has, the results open without a reload.
 */
export function SearchBox({ initial = "", label = "Search Plainrate", className = "" }: { initial?: string; label?: string; className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q === "") return;
    navigate(`/search?${new URLSearchParams({ q })}`);
  };
  return (
    <form role="search" action="/search" method="get" className={`search-box ${className}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} name="q" type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Cards, accounts, banks, questions" autoComplete="off" enterKeyHint="search" />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
