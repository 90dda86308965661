import { Link, useLocation } from "react-router";
import type { ContentPage as Content } from "../api/generated/ContentPage";
import { content as fetchContent } from "../api/client";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { HelpfulWidget } from "../components/helpful/HelpfulWidget";
import { LoadFailure } from "./LoadFailure";
import "./ContentPage.css";

/** A short content page (about, terms, guides, …) from the site's content file. */
export default function ContentPage() {
  const location = useLocation();
  const initial = takeInitialData("content", currentAddress(location));
  const [load, retry] = useAsync<Content>(location.pathname, () => fetchContent(location.pathname), initial?.content ?? null);
  const page = load.state === "ready" ? load.data : null;
  usePageMeta(page?.title ?? null, page?.description ?? null);
  if (load.state === "failed") return <LoadFailure error={load.error} retry={retry} what="This page" className="content-page" />;
  if (!page) return <p className="container page-loading">Loading…</p>;
  return (
    <article className="container content-page">
      <h1>{page.title}</h1>
      {page.sections.map((section, i) => (
        <section key={i}>
          {section.heading && <h2>{section.heading}</h2>}
          {section.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </section>
      ))}
      {page.links && page.links.length > 0 && (
        <nav aria-label="Related pages" className="content-page__links">
          <h2>Related</h2>
          <ul>
            {page.links.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <HelpfulWidget key={page.path} postId={page.path} address={page.path} />
    </article>
  );
}
