import { useEffect } from "react";

const SITE = "Plainrate";

/** Keeps the document title and description in step with the page after client-side
 * navigation (the server wrote them for the first load). */
export function usePageMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | ${SITE}`;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
}
