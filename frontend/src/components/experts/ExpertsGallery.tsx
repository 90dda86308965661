import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { expertsGallery } from "../../api/client";
import type { Expert } from "../../api/generated/Expert";
import type { ExpertsGallery as Gallery } from "../../api/generated/ExpertsGallery";
import type { ExpertsGalleryResponse } from "../../api/generated/ExpertsGalleryResponse";
import {
  EXPERTS_PER_PAGE,
  expertFragment,
  expertFromFragment,
  expertScrollTarget,
  expertsOnPage,
  hashtagMatches,
  nextExpertsPage,
} from "../../rules/experts";
import { RetryAlert } from "../ui/RetryAlert";
import "./experts.css";
import { whenShown } from "../../app/staged";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; gallery: Gallery };

function loaded(answer: ExpertsGalleryResponse | null | undefined): Load | null {
  if (!answer) return null;
  return answer.error || !answer.data ? { state: "failed" } : { state: "ready", gallery: answer.data };
}

export interface ExpertsGalleryProps {
  /** The page the gallery is on (sent with the request). */
  path: string;
  /** The gallery the server already sent with the page, if any. */
  initial?: ExpertsGalleryResponse | null;
  /** Experts on one page of the grid (community §9: 6). */
  perPage?: number;
  /** Told whether an `#expert=` deep link named an expert of the gallery. */
  onHashtagMatch?: (matched: boolean) => void;
  /** Told the gallery's content once it has loaded (its heading, for the page). */
  onLoaded?: (gallery: Gallery) => void;
  /** The level of the experts' names: 2 on the gallery's page, 3 inside a section. */
  headingLevel?: 2 | 3;
}

/**
 * The experts gallery (community §2, §4): a paged grid whose "More Experts" wraps to the
 * first page after the last, and one expert's profile chosen by the address fragment
 * `#expert={hashtag}` (case ignored). Choosing an expert pushes the fragment into history,
 * "Back to All Experts" pushes the address without it, so the browser's Back button steps
 * between them too.
 */
export function ExpertsGallery({ path, initial, perPage = EXPERTS_PER_PAGE, onHashtagMatch, onLoaded, headingLevel = 2 }: ExpertsGalleryProps) {
  const [load, setLoad] = useState<Load>(() => loaded(initial) ?? { state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const skipFirst = useRef(load.state === "ready");

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    // Leaving the page cancels the request.
    const abort = new AbortController();
    setLoad({ state: "loading" });
    expertsGallery(path, abort.signal).then(
      (answer) => setLoad(loaded(answer) ?? { state: "failed" }),
      () => {
        if (!abort.signal.aborted) setLoad({ state: "failed" });
      },
    );
    return () => abort.abort();
  }, [path, attempt]);

  const loadedGallery = load.state === "ready" ? load.gallery : null;
  const told = useRef(onLoaded);
  told.current = onLoaded;
  useEffect(() => {
    if (loadedGallery) told.current?.(loadedGallery);
  }, [loadedGallery]);

  if (load.state === "loading") {
    return (
      <p className="experts__status" role="status">
        Loading experts…
      </p>
    );
  }
  if (load.state === "failed") return <RetryAlert what="The experts" retry={() => setAttempt((n) => n + 1)} />;
  if (load.gallery.expertsContent.length === 0) {
    return <p className="experts__status">No experts are listed yet.</p>;
  }
  return <GalleryView gallery={load.gallery} perPage={perPage} onHashtagMatch={onHashtagMatch} headingLevel={headingLevel} />;
}

function GalleryView({
  gallery,
  perPage,
  onHashtagMatch,
  headingLevel,
}: {
  gallery: Gallery;
  perPage: number;
  onHashtagMatch?: (matched: boolean) => void;
  headingLevel: 2 | 3;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const experts = gallery.expertsContent;
  const requested = expertFromFragment(location.hash);
  const index = requested === null ? -1 : experts.findIndex((e) => hashtagMatches(e.HASHTAG, requested));
  const selected = index >= 0 ? experts[index] : null;
  const [page, setPage] = useState(1);
  const grid = useRef<HTMLUListElement>(null);
  // The expert whose profile was just left: their link takes the focus back.
  const returnTo = useRef<string | null>(null);
  const Name = headingLevel === 2 ? "h2" : "h3";
  const more = () => {
    setPage(nextExpertsPage(page, experts.length, perPage));
    // On a phone the button is below the cards: bring the new page's top into view.
    const top = grid.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) window.scrollTo({ top: Math.max(0, expertScrollTarget(top + window.scrollY)) });
  };

  useEffect(() => {
    if (requested !== null) onHashtagMatch?.(selected !== null);
  }, [requested, selected, onHashtagMatch]);

  const backToAll = () => {
    // Show the page that holds the expert just read.
    if (index >= 0) setPage(Math.floor(index / perPage) + 1);
    returnTo.current = selected?.HASHTAG ?? null;
    navigate({ pathname: location.pathname, search: location.search });
  };

  useEffect(() => {
    if (selected || returnTo.current === null) return;
    const link = grid.current?.querySelector<HTMLAnchorElement>(`a[data-hashtag="${CSS.escape(returnTo.current)}"]`);
    returnTo.current = null;
    link?.focus();
  }, [selected]);

  if (selected) return <Profile expert={selected} backLabel={gallery.back_link_text} onBack={backToAll} headingLevel={headingLevel} />;

  const { start, end } = expertsOnPage(page, experts.length, perPage);
  const pages = Math.ceil(experts.length / perPage);
  return (
    <section className="experts" aria-label="Experts">
      {requested !== null && (
        <p className="experts__notice" role="status">
          No expert goes by “{requested}”. Here are all our experts.
        </p>
      )}
      {gallery.expertsIntro && <p className="experts__intro">{gallery.expertsIntro}</p>}
      <ul ref={grid} className="experts__grid" aria-label={pages > 1 ? `Experts, page ${page} of ${pages}` : "Experts"}>
        {experts.slice(start, end).map((expert) => (
          <li key={expert.HASHTAG} className="experts__card">
            <Portrait expert={expert} size={72} />
            <Name className="experts__name">
              <Link data-hashtag={expert.HASHTAG} to={{ pathname: location.pathname, search: location.search, hash: expertFragment(expert.HASHTAG) }}>
                {expert.AUTHOR}
              </Link>
            </Name>
            <p className="experts__caption">{expert.CAPTION}</p>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <p className="experts__more">
          <span aria-live="polite">
            Page {page} of {pages}
          </span>
          <button type="button" className="button button--secondary" onClick={more}>
            {gallery.more_text}
          </button>
        </p>
      )}
    </section>
  );
}

function Profile({ expert, backLabel, onBack, headingLevel }: { expert: Expert; backLabel: string; onBack: () => void; headingLevel: 2 | 3 }) {
  const article = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const nameId = useId();
  const Name = headingLevel === 2 ? "h2" : "h3";
  // The profile comes into view 100 px below the top (community §9), and takes focus, once
  // the app is on screen (a shared link's profile opens in the app's first render).
  useLayoutEffect(
    () =>
      whenShown(() => {
        const top = article.current?.getBoundingClientRect().top ?? 0;
        window.scrollTo({ top: Math.max(0, expertScrollTarget(top + window.scrollY)) });
        heading.current?.focus({ preventScroll: true });
      }),
    [expert.HASHTAG],
  );
  return (
    <article ref={article} className="experts__profile" aria-labelledby={nameId}>
      <button type="button" className="button button--link experts__back" onClick={onBack}>
        ← {backLabel}
      </button>
      <div className="experts__profile-head">
        <Portrait expert={expert} size={120} />
        <div>
          <Name id={nameId} ref={heading} tabIndex={-1}>
            {expert.AUTHOR}
          </Name>
          <p className="experts__caption">{expert.CAPTION}</p>
        </div>
      </div>
      {/* The profile text is the server's HTML: escaped paragraphs, nothing else. */}
      <div className="experts__text" dangerouslySetInnerHTML={{ __html: expert.CONTENT }} />
    </article>
  );
}

function Portrait({ expert, size }: { expert: Expert; size: number }) {
  if (!expert.AVATAR) return <span className="experts__portrait experts__portrait--blank" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="experts__portrait" src={expert.AVATAR} alt="" width={size} height={size} />;
}
