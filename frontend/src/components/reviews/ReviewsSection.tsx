import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Review } from "../../api/generated/Review";
import type { ReviewsResponse } from "../../api/generated/ReviewsResponse";
import { productReviews, writeReview } from "../../api/client";
import { validateReview, REVIEW_MAX_CHARS } from "../../rules/validation";
import { charCount } from "../../rules/text";
import { isSameSitePath } from "../../rules/links";
import { StarRating } from "../product/StarRating";
import { popupWord, type StarCount } from "../../rules/stars";
import { QnaVotes } from "../qna/QnaVotes";
import { formatDate } from "../ui/dates";
import { failureMessage, useMemberGate } from "../qna/memberAction";
import { useSession } from "../../stores/session";
import "./reviews.css";

type Sort = "new" | "helpful";
const STARS = [1, 2, 3, 4, 5] as const;

/** Whole stars drawn as the rating's pieces. */
function Stars({ stars }: { stars: number }) {
  return <StarRating pieces={STARS.map((n) => (n <= stars ? "full" : "empty"))} text={`${stars}.0`} label="Stars given" size="small" />;
}

/** One member's review: stars, author, date, text, helpful votes and the report link. */
function ReviewItem({ review }: { review: Review }) {
  const location = useLocation();
  const report = `/report-abuse/?${new URLSearchParams({ ru: location.pathname + location.search, t: "r", id: String(review.id) })}`;
  return (
    <article className="review" id={`review-${review.id}`} aria-label={`Review by @${review.user_login}`}>
      <header className="review__head">
        <Stars stars={review.stars} />
        <p className="review__author">
          <strong>{review.user_fullname}</strong> <span className="review__login">@{review.user_login}</span>
          {review.mine && <span className="review__mine"> · Your review</span>}
        </p>
        <p className="review__meta">
          <time dateTime={review.date}>{formatDate(review.date)}</time>
          {review.edited && <span> · Edited</span>}
        </p>
      </header>
      {/* The server writes this HTML from the member's text: escaped, with <br> line
          breaks, so no markup a member writes reaches the page. */}
      <p className="review__text" dangerouslySetInnerHTML={{ __html: review.text }} />
      <footer className="review__footer">
        <span className="review__ask">Was this helpful?</span>
        <QnaVotes kind="review" id={review.id} tally={{ upvote: review.helpful, downvote: review.not_helpful, my_vote: review.my_vote }} label={`the review by @${review.user_login}`} words={{ up: "Yes", down: "No" }} />
        <Link className="review__report" to={report} rel="nofollow">
          Report abuse
        </Link>
      </footer>
    </article>
  );
}

/** The form: stars (preselected from the `r` of "Write full review") and the text. */
function ReviewForm({ pid, preselected, mine, mineText, onWritten }: { pid: string; preselected?: number; mine?: Review; mineText?: string; onWritten: (message: string) => void }) {
  const navigate = useNavigate();
  // Arriving from "Write full review", the chosen stars win; a rewrite starts from the review.
  const initialStars = preselected !== undefined && preselected >= 1 && preselected <= 5 ? preselected : (mine?.stars ?? 0);
  const [stars, setStars] = useState(initialStars);
  const [text, setText] = useState(mineText ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const gate = useMemberGate(setError);
  const textId = useId();
  const hintId = useId();
  const used = charCount(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setError(null);
    if (stars < 1) {
      setError("Please choose from 1 to 5 stars.");
      return;
    }
    const checked = validateReview(text);
    if ("error" in checked) {
      setError(checked.error);
      return;
    }
    if (!gate()) return;
    setSaving(true);
    writeReview(pid, stars, checked.ok).then(
      (answer) => {
        setSaving(false);
        if (answer.guest) {
          if (answer.redirect_url && isSameSitePath(answer.redirect_url)) navigate(answer.redirect_url);
          return;
        }
        if (answer.error) {
          setError(answer.message ?? "Your review could not be saved.");
          return;
        }
        setText("");
        onWritten(answer.message ?? "Thank you. Your review is published.");
      },
      (failure: unknown) => {
        setSaving(false);
        setError(failureMessage(failure, "Your review could not be saved. Please try again."));
      },
    );
  };

  return (
    <form className="review-form" onSubmit={submit} aria-label="Write a review" noValidate>
      <fieldset className="review-form__stars">
        <legend>{mine ? "Rewrite your review: your rating" : "Your rating"}</legend>
        {STARS.map((n) => (
          <label key={n} className={`review-form__star${n <= stars ? " review-form__star--on" : ""}`}>
            <input type="radio" name="review-stars" value={n} checked={stars === n} onChange={() => setStars(n)} />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">
              {n} {n === 1 ? "star" : "stars"}, {popupWord(n)}
            </span>
          </label>
        ))}
        <span className="review-form__word" aria-hidden="true">
          {stars >= 1 ? popupWord(stars as StarCount) : ""}
        </span>
        {mine && stars >= 1 && stars !== mine.stars && (
          <p className="review-form__hint" role="status">
            Your review now gives {mine.stars} {mine.stars === 1 ? "star" : "stars"}; publishing this changes it to {stars}.
          </p>
        )}
      </fieldset>
      <label htmlFor={textId}>Your review</label>
      <textarea id={textId} aria-describedby={hintId} rows={5} maxLength={REVIEW_MAX_CHARS + 200} value={text} onChange={(e) => setText(e.target.value)} placeholder="What is it like to have this product? Fees, service, the app, surprises." />
      <p id={hintId} className="review-form__hint">
        30 to 2,000 characters; plain text. {used > 0 && <span>{used} written.</span>} Reviews follow the community guidelines; anyone may report one to our moderators.
      </p>
      {error && (
        <p className="review-form__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" aria-disabled={saving}>
        {saving ? "Publishing…" : mine ? "Update my review" : "Publish my review"}
      </button>
    </form>
  );
}

/**
 * A product's written reviews in its `#reviews` section: the newest or the most helpful
 * first, a page at a time, and the form to write one (members; a guest is sent to sign
 * up and back).
 */
export function ReviewsSection({ pid, name, preselected }: { pid: string; name: string; preselected?: number }) {
  const [sort, setSort] = useState<Sort>("new");
  const [data, setData] = useState<ReviewsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [more, setMore] = useState<Review[]>([]);
  const [thanks, setThanks] = useState<string | null>(null);
  const signedIn = useSession((s) => s.signedIn);
  const [writing, setWriting] = useState(preselected !== undefined);

  // Only the latest request's answer is shown: a quick change of order never shows an older one.
  const latest = useRef(0);
  const load = useCallback(() => {
    setFailed(false);
    const asked = ++latest.current;
    productReviews(pid, sort).then(
      (answer) => {
        if (asked !== latest.current) return;
        setData(answer);
        setMore([]);
      },
      () => asked === latest.current && setFailed(true),
    );
  }, [pid, sort]);
  useEffect(load, [load, signedIn]);

  const loadMore = () => {
    const from = data?.next_offset;
    if (from === undefined || from === null) return;
    const asked = latest.current;
    productReviews(pid, sort, from).then(
      (answer) => {
        if (asked !== latest.current) return;
        setMore((shown) => [...shown, ...answer.reviews]);
        setData((d) => (d ? { ...d, next_offset: answer.next_offset } : d));
      },
      () => setFailed(true),
    );
  };

  const reviews = data ? [...data.reviews, ...more] : [];
  return (
    <div className="reviews">
      <div className="reviews__head">
        <h3>Member reviews{data ? ` (${data.total})` : ""}</h3>
        <div className="reviews__sort" role="group" aria-label="Order of the reviews">
          {(["new", "helpful"] as const).map((key) => (
            <button key={key} type="button" className="button button--link" aria-pressed={sort === key} onClick={() => setSort(key)}>
              {key === "new" ? "Newest" : "Most helpful"}
            </button>
          ))}
        </div>
      </div>
      {thanks && (
        <p className="reviews__thanks" role="status">
          {thanks}
        </p>
      )}
      {data?.mine?.hidden && (
        <p className="reviews__hidden-note">Your review is not shown to others: a moderator has hidden it.</p>
      )}
      {writing ? (
        <ReviewForm
          key={data ? (data.mine?.id ?? "new") : "loading"}
          pid={pid}
          preselected={preselected}
          mine={data?.mine}
          mineText={data?.mine_text}
          onWritten={(message) => {
            setThanks(message);
            setWriting(false);
            // A new order loads by itself; the same order is asked again.
            if (sort === "new") load();
            else setSort("new");
          }}
        />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setWriting(true)}>
          {data?.mine ? "Rewrite my review" : `Write a review of ${name}`}
        </button>
      )}
      {failed && (
        <p role="alert">
          The reviews could not be loaded.{" "}
          <button type="button" className="button button--link" onClick={load}>
            Try again
          </button>
        </p>
      )}
      {data && reviews.length === 0 && <p className="reviews__empty">No written reviews yet. Members who have this product: tell others what it is like.</p>}
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
      {data?.next_offset !== undefined && data.next_offset !== null && (
        <button type="button" className="button button--secondary" onClick={loadMore}>
          More reviews
        </button>
      )}
    </div>
  );
}

export default ReviewsSection;
