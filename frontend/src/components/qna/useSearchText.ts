import { useEffect, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS, searchQuery } from "../../rules/validation";

/**
 * The search box of a question list (community §4): the text as typed, and `apply`
 * called 200 ms after the last key with the search to run (trimmed, from 2 characters)
 * or `null` for the normal list, only when that changes what is listed. The box follows
 * `applied` (the search the list runs) when it changes from outside.
 */
export function useSearchText(applied: string, apply: (query: string | null) => void): [string, (text: string) => void] {
  const [text, setText] = useState(applied);
  const typed = useRef(false);
  useEffect(() => {
    if (searchQuery(text) !== searchQuery(applied)) {
      typed.current = false;
      setText(applied);
    }
    // Only a change from outside moves the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      const wanted = searchQuery(text);
      if (wanted !== searchQuery(applied)) apply(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // Only the typed text starts a search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const type = (next: string) => {
    typed.current = true;
    setText(next);
  };
  return [text, type];
}
