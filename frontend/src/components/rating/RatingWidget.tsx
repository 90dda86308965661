import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import type { RateResponse } from "../../api/generated/RateResponse";
import { rateInstitution, rateProduct } from "../../api/client";
import { Popup } from "../ui";
import { StarRating } from "../product/StarRating";
import {
  initialVoteState,
  nextVote,
  storedVote,
  chosenStars,
  PERMISSION_DENIED_MESSAGE,
  THANK_YOU_POPUP_MS,
  CHANGE_RATING_PROMPT,
  CLICK_TO_SUBMIT_MESSAGE,
  KEEP_EXISTING_RATING_LABEL,
  THANK_YOU_MESSAGE,
  type VoteEffect,
  type VoteEvent,
  type VoteState,
} from "../../rules/voteMachine";
import { parseRating, popupWord, starCount, type Rating, type StarCount } from "../../rules/stars";
import { isSameSitePath, LIGHT_SIGNUP_PATH, lightSignupLink, sameSitePathOfPage } from "../../rules/links";
import { POPUP_CLOSE_DELAY_MS } from "../../rules/constants";
import { recallVote, rememberVote } from "./voteMemory";
import { clearTrackingCookie, setTrackingCookie } from "./trackingCookie";
import { RatingsBreakdown } from "./RatingsBreakdown";
import { useSession } from "../../stores/session";
import "./RatingWidget.css";

const STARS: readonly StarCount[] = [1, 2, 3, 4, 5];

function starsLabel(n: number): string {
  return `${n} ${n === 1 ? "star" : "stars"}`;
}

/**
 * The member rating widget (site-core §4, §5, §8): stars with a hover popup of their
 * words, the change-my-rating choice, a spinner while sending, the thank-you popup, the
 * 7-day local memory of the visitor's vote and the guest path to light sign-up. The
 * decisions are the vote machine's (rules/voteMachine); this component carries out its
 * effects.
 */
export function RatingWidget({ offer, preselected }: { offer: OfferSummary; preselected?: number }) {
  const navigate = useNavigate();
  const isInstitution = offer.productType === "institution";
  const memoryKey = `${isInstitution ? "inst" : "pdt"}:${offer.id}`;
  const [state, setState] = useState<VoteState>(() => initialVoteState(recallVote(memoryKey), Date.now()));
  const stateRef = useRef(state);
  const [summary, setSummary] = useState<{ rating: Rating | null; votes: number }>(() => ({
    rating: memberRatingOf(offer),
    votes: offer.reviews,
  }));
  const [thanks, setThanks] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [hovered, setHovered] = useState<StarCount | null>(null);
  const [popupOpen, setPopupOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The vote the server's answer to a guest carries into the light sign-up.
  const pendingVote = useRef<string | null>(null);

  const dispatch = useCallback(
    (event: VoteEvent) => {
      // A delegated session is read-only (site-core §6): the machine alerts instead of sending.
      const t = nextVote(stateRef.current, event, { delegatedSession: useSession.getState().delegated, nativeApp: false });
      stateRef.current = t.state;
      setState(t.state);
      for (const effect of t.effects) run(effect);
    },
    // `run` reads only refs, setters and the offer, so the offer is the only dependency.
    [offer.id],
  );

  function run(effect: VoteEffect): void {
    switch (effect.type) {
      case "sendVote": {
        setTrackingCookie(offer.id, effect.stars);
        const call = isInstitution ? rateInstitution(offer.id, effect.stars) : rateProduct(offer.id, effect.stars);
        call.then(
          (response: RateResponse) => {
            // A guest's answer names the light sign-up with the vote chosen (`vote`), which
            // the e-mailed link casts; the page keeps its own `ref`.
            pendingVote.current = response.guest ? voteOfSignUpLink(response.redirect_url) : null;
            dispatch({ type: "answered", response, redirectIsSameSite: response.redirect_url ? isSameSitePath(response.redirect_url) : false });
            // A delegated session is known from the server's answer (docs/API.md "Rating answer").
            if (response.error && !response.guest && response.message === PERMISSION_DENIED_MESSAGE) setAlert(PERMISSION_DENIED_MESSAGE);
          },
          () => dispatch({ type: "failed" }),
        );
        break;
      }
      case "rememberVote":
        rememberVote(memoryKey, effect.stars, Date.now());
        break;
      case "updateSummary":
        setSummary((s) => ({ rating: effect.rating ?? s.rating, votes: effect.votes ?? s.votes }));
        break;
      case "showThankYou":
        setThanks(true);
        break;
      case "openLightSignUp":
        navigate(withPendingVote(lightSignupLink(sameSitePathOfPage(window.location.origin, window.location.href)), pendingVote.current));
        break;
      case "navigate":
        navigate(effect.url);
        break;
      case "clearTrackingCookie":
        // The widget goes back to the vote it had, so the remembered one stays.
        clearTrackingCookie();
        break;
      case "showPermissionAlert":
        setAlert(PERMISSION_DENIED_MESSAGE);
        break;
      case "showChangePrompt":
      case "raiseNativeSessionEvent":
        // The prompt is drawn from the state; the native-app event has no host here.
        break;
    }
  }

  // Arriving from "Write full review" with r=N offers that star count.
  useEffect(() => {
    const stars = preselected === undefined ? null : starCount(preselected);
    if (stars) setHovered(stars);
  }, [preselected]);

  useEffect(() => () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
  }, []);

  const openPopup = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setPopupOpen(true);
  };
  const closeSoon = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      setPopupOpen(false);
      setHovered(null);
    }, POPUP_CLOSE_DELAY_MS);
  };

  const stored = storedVote(state);
  const voting = state.type === "voting";
  const shownWord = hovered ? popupWord(hovered) : null;

  return (
    <div className="rating-widget">
      <RatingsBreakdown offer={offer} memberRating={summary.rating} votes={summary.votes} />
      <div className="rating-widget__rate" onMouseEnter={openPopup} onMouseLeave={closeSoon} onFocus={openPopup} onBlur={closeSoon}>
        <p className="rating-widget__prompt" id={`rate-${offer.id}`}>
          {stored ? `Your rating: ${starsLabel(stored)}` : `Rate ${offer.name}`}
        </p>
        <div className="rating-widget__stars" role="group" aria-labelledby={`rate-${offer.id}`}>
          {STARS.map((n) => (
            <button
              key={n}
              type="button"
              className={`rating-star${(hovered ?? stored ?? 0) >= n ? " rating-star--on" : ""}`}
              aria-label={`${starsLabel(n)}: ${popupWord(n)}`}
              aria-pressed={stored === n}
              disabled={voting}
              onMouseEnter={() => setHovered(n)}
              onFocus={() => setHovered(n)}
              onClick={() => dispatch({ type: "choose", stars: n })}
            />
          ))}
          {voting && (
            <span className="spinner" role="status" aria-label="Sending your rating" />
          )}
        </div>
        {popupOpen && !voting && state.type !== "confirmingChange" && (
          <div className="rating-widget__hover" aria-hidden="true">
            <strong>{shownWord ?? "Choose a star"}</strong>
            <span>{CLICK_TO_SUBMIT_MESSAGE}</span>
          </div>
        )}
        {offer.detailsPath && (
          <a className="rating-widget__review" href={reviewHref(offer.detailsPath, chosenStars(state))}>
            Write full review
          </a>
        )}
      </div>
      {state.type === "confirmingChange" && (
        <div className="rating-widget__change" role="group" aria-label="Change your rating">
          <p>{CHANGE_RATING_PROMPT}</p>
          <StarRating pieces={STARS.map((n) => (n <= state.chosen ? "full" : "empty"))} text={String(state.chosen)} label="New rating" size="small" />
          <div className="rating-widget__change-actions">
            <button type="button" className="button" onClick={() => dispatch({ type: "confirmChange" })} aria-label={`Change my rating to ${starsLabel(state.chosen)}`}>
              {`Change to ${starsLabel(state.chosen)}`}
            </button>
            <button type="button" className="button button--secondary" onClick={() => dispatch({ type: "keepExisting" })}>
              {KEEP_EXISTING_RATING_LABEL}
            </button>
          </div>
        </div>
      )}
      <Popup open={thanks} onClose={() => setThanks(false)} autoCloseMs={THANK_YOU_POPUP_MS} aria-label="Rating sent" className="rating-widget__thanks">
        <p role="status">{THANK_YOU_MESSAGE}</p>
      </Popup>
      {alert && (
        <p className="form-error" role="alert">
          {alert}
        </p>
      )}
    </div>
  );
}

/** The member votes' mean the server sent with the offer, when there is one. */
function memberRatingOf(offer: OfferSummary): Rating | null {
  if (!offer.memberRating) return null;
  const parsed = parseRating(offer.memberRating.value);
  return parsed.ok ? parsed.rating : null;
}

/** "Write full review": the details page's reviews, with `r` the stars chosen (none before a
 * choice, so no count the visitor did not pick is carried). */
export function reviewHref(detailsPath: string, chosen: number | null): string {
  return chosen === null ? `${detailsPath}#reviews` : `${detailsPath}?r=${chosen}#reviews`;
}

/** The `vote` of the light sign-up link a guest's rating answer names, if any. Only the
 * value is taken (the page builds its own link); `Members.JoinLight` checks it. */
function voteOfSignUpLink(link: string | undefined): string | null {
  if (!link?.startsWith(`${LIGHT_SIGNUP_PATH}?`)) return null;
  return new URL(link, "http://site.invalid").searchParams.get("vote");
}

/** A light sign-up link carrying the guest's vote, so the e-mailed link counts it. */
export function withPendingVote(link: string, vote: string | null): string {
  return vote ? `${link}&vote=${encodeURIComponent(vote)}` : link;
}
