import type { OfferSummary } from "../../api/generated/OfferSummary";
import { StarRating } from "../product/StarRating";
import { displayDecision } from "../../rules/ratingVisibility";
import { parseRating, ratingDisplay, type Rating } from "../../rules/stars";
import { decimalToString } from "../../rules/decimal";
import { Link } from "react-router";

/**
 * The ratings of a product: ours (overall), the editors' and the members' (shown only
 * from 10 votes, site-core §5), each with stars, one decimal and a bar; for a card, the
 * five categories of its ratings breakdown with what each rests on and its share of our
 * rating, so the overall rating can be worked out from what the page shows.
 */
export function RatingsBreakdown({ offer, memberRating, votes }: { offer: OfferSummary; memberRating: Rating | null; votes: number }) {
  const editor = offer.editorsRating ? parseRating(offer.editorsRating.value) : null;
  const decision = displayDecision({ userReview: memberRating, votes, editorRating: editor?.ok ? editor.rating : null });
  const member = memberRating && decision.showUserReviewScore ? ratingDisplay(memberRating) : null;
  return (
    <div className="breakdown">
      <dl className="breakdown__list">
        {offer.rating && (
          <div className="breakdown__row">
            <dt>Our rating</dt>
            <dd>
              <StarRating pieces={offer.rating.fractionalStars} text={offer.rating.text} barWidthPercent={offer.rating.barWidthPercent} label="Our rating" />
            </dd>
          </div>
        )}
        {offer.editorsRating && (
          <div className="breakdown__row">
            <dt>Editors’ rating</dt>
            <dd>
              <StarRating pieces={offer.editorsRating.fractionalStars} text={offer.editorsRating.text} barWidthPercent={offer.editorsRating.barWidthPercent} label="Editors’ rating" />
            </dd>
          </div>
        )}
        <div className="breakdown__row">
          <dt>Member ratings</dt>
          <dd>
            {member ? (
              <StarRating pieces={member.fractionalStars} text={member.text} barWidthPercent={decimalToString(member.barWidthPercent)} label="Member rating" />
            ) : (
              <span className="breakdown__few">{votes === 0 ? "No member ratings yet" : `${votes} so far; the score shows from 10`}</span>
            )}
          </dd>
        </div>
      </dl>
      {offer.ratingsBreakdown && offer.ratingsBreakdown.length > 0 && (
        <>
          <h3 className="breakdown__heading">Ratings breakdown</h3>
          <dl className="breakdown__list breakdown__list--categories">
            {offer.ratingsBreakdown.map((category) => (
              <div className="breakdown__row breakdown__row--category" key={category.category}>
                <dt>
                  {category.label}
                  <span className="breakdown__weight">{category.weight ? `${category.weight}% of our rating` : "Not counted in our rating"}</span>
                </dt>
                <dd>
                  {category.rating ? (
                    <StarRating pieces={category.rating.fractionalStars} text={category.rating.text} barWidthPercent={category.rating.barWidthPercent} label={category.label} />
                  ) : (
                    <span className="breakdown__few">Not rated</span>
                  )}
                  <p className="breakdown__basis">{category.basis}</p>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="breakdown__method">
        <Link to={offer.productType === "institution" || offer.productType === "checking" || offer.productType === "savings" ? "/banking-ratings" : "/rating-methodologies"}>How we rate</Link>
      </p>
    </div>
  );
}
