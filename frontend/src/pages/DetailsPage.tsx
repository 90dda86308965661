import { lazy, Suspense, useEffect } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import type { OfferSummary } from "../api/generated/OfferSummary";
import { offer as fetchOffer } from "../api/client";
import { currentAddress, takeInitialData } from "../app/initialData";
import { useAsync } from "../app/useAsync";
import { usePageMeta } from "../app/usePageMeta";
import { StarRating } from "../components/product/StarRating";
import { FigureList } from "../components/product/FigureList";
import { AprChart } from "../components/product/AprChart";
import { ProvenanceRow } from "../components/product/Provenance";
import { ProsCons } from "../components/product/ProsCons";
import { ProductArt } from "../components/product/ProductArt";
import { ApplyButton, RatesAndFeesLink, AffiliateNote } from "../components/product/ApplyButton";
import { CompareCheckbox } from "../components/product/CompareCheckbox";
import { RateTableView } from "../components/product/RateTableView";
import { BalanceApy } from "../components/product/BalanceApy";
import { CommentBlock } from "../components/product/ContentTeaser";
import { SponsoredBadge } from "../components/product/SponsoredBadge";
import { MinCreditExplainer, BonusTip } from "../components/product/CreditExplainers";
import { ApprovalOddsNote, CreditScoreBox } from "../components/approval";
// The rating widget sits below the figures: it loads after the page, its space kept.
const RatingWidget = lazy(() => import("../components/rating/RatingWidget").then((m) => ({ default: m.RatingWidget })));
import { CompareBar } from "../components/product/CompareBar";
import { LargeBankAsterisk, LargeBankNote, shownIssuer } from "../components/product/LargeBankNote";
import { Carousel, JumpBar, PRODUCT_LIST_CAROUSEL } from "../components/site";
import { LoadFailure } from "./LoadFailure";
import "./DetailsPage.css";
import { memberRatingsLabel } from "../components/rating/memberRatings";
import { Later } from "../app/staged";
import { whenShown } from "../app/staged";
import { formatDate } from "../components/ui/dates";
import { WhatChanged } from "../components/product/WhatChanged";
import { FollowButton } from "../components/product/FollowButton";

const QuestionBox = lazy(() => import("../components/qna/QuestionBox"));
const ReviewsSection = lazy(() => import("../components/reviews/ReviewsSection"));
const OwnRateChart = lazy(() => import("../components/charts/OwnRateChart"));
/** The kinds whose page draws their own rate over time. */
const DEPOSIT_KINDS = ["savings", "moneyMarket", "checking", "cd"];

/** The jump bar's links: the sections this product's page has. */
function jumpLinks(offer: OfferSummary): { LINK_NAME: string; LINK_URL: string }[] {
  const links = [{ LINK_NAME: "Key facts", LINK_URL: "#key-facts" }];
  if (offer.productType === "creditCard") links.push({ LINK_NAME: "Who can get it", LINK_URL: "#eligibility" });
  if (offer.pros.length > 0 || offer.cons.length > 0 || offer.description.length > 0) links.push({ LINK_NAME: "Our take", LINK_URL: "#our-take" });
  links.push({ LINK_NAME: "Ratings and reviews", LINK_URL: "#reviews" });
  links.push({ LINK_NAME: "Questions", LINK_URL: "#qna" });
  return links;
}

/** `/d/{name}`: one product in full, with its ratings and the member rating widget. */
export default function DetailsPage() {
  const { name = "" } = useParams();
  const location = useLocation();
  const [params] = useSearchParams();
  const initial = takeInitialData("offer", currentAddress(location));
  const [load, retry] = useAsync<OfferSummary>(name, () => fetchOffer(name), initial?.offer ?? null);
  const offer = load.state === "ready" ? load.data : null;
  usePageMeta(offer ? offer.name : null, offer ? `${offer.name}${offer.issuer ? ` from ${offer.issuer}` : ""}: rating, fees, rates and member ratings.` : null);

  // Arriving at #reviews scrolls there once the content exists and is on screen.
  useEffect(() => {
    if (!offer || !location.hash) return;
    return whenShown(() => document.getElementById(location.hash.slice(1))?.scrollIntoView());
  }, [offer, location.hash]);

  if (load.state === "failed") return <LoadFailure error={load.error} retry={retry} what="This product" className="details" />;
  if (!offer) return <p className="container details">Loading…</p>;
  const preselected = Number.parseInt(params.get("r") ?? "", 10);
  const issuer = shownIssuer(offer);
  return (
    <div className="container details" itemScope itemType="https://schema.org/Product">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> <span aria-hidden="true">›</span> <span>{offer.productLabel}</span>
      </nav>
      <header className="details__header">
        <ProductArt art={offer.art} className="details__art" />
        <div>
          {offer.sponsored && <SponsoredBadge />}
          <h1 itemProp="name">{offer.name}</h1>
          {offer.retiredSince && (
            <p className="details__retired" role="status">
              <strong>No longer offered.</strong> {offer.name} left the data we publish on {formatDate(`${offer.retiredSince}T00:00:00Z`)}; these are its last known
              figures.
            </p>
          )}
          {issuer && (
            <p className="details__issuer">
              {issuer}
              <LargeBankAsterisk offer={offer} />
            </p>
          )}
          {offer.rating && (
            <p>
              <StarRating pieces={offer.rating.fractionalStars} text={offer.rating.text} barWidthPercent={offer.rating.barWidthPercent} label="Our rating" size="large" />{" "}
              <a href="#reviews">{memberRatingsLabel(offer.reviews)}</a>
              {offer.editorsReviewLink && (
                <>
                  {" · "}
                  <a href={offer.editorsReviewLink} rel={offer.editorsReviewLink.startsWith("/") ? undefined : "noopener"}>
                    Read our editors&apos; review
                  </a>
                </>
              )}
            </p>
          )}
        </div>
        <div className="details__actions">
          <ApplyButton offer={offer} slot={{ section: "details", position: 1, totals: 1 }} />
          <RatesAndFeesLink offer={offer} />
          <AffiliateNote offer={offer} />
          {!offer.retiredSince && <CompareCheckbox offer={offer} />}
          {!offer.retiredSince && <FollowButton offerId={offer.id} name={offer.name} />}
        </div>
      </header>
      <JumpBar links={jumpLinks(offer)} />
      <section id="key-facts" aria-labelledby="facts" className="details__section">
        <h2 id="facts">Key facts</h2>
        <FigureList offer={offer} />
        <AprChart offer={offer} />
        {DEPOSIT_KINDS.includes(offer.productType) && (
          <Later>
            <Suspense fallback={null}>
              <OwnRateChart offer={offer} />
            </Suspense>
          </Later>
        )}
        {offer.rateTable && (
          <>
            <RateTableView table={offer.rateTable} />
            <BalanceApy offer={offer} />
          </>
        )}
        <ProvenanceRow provenance={offer.provenance} />
        <Later>
          <WhatChanged name={offer.id} />
        </Later>
      </section>
      {offer.productType === "creditCard" && (
        <Later>
          <section id="eligibility" aria-labelledby="credit" className="details__section">
            <h2 id="credit">Who can get it</h2>
            {offer.minCredit && (
              <p>
                Minimum credit needed: <strong>{offer.minCredit}</strong>
              </p>
            )}
            <ApprovalOddsNote offer={offer} />
            <CreditScoreBox />
            <MinCreditExplainer highlight={offer.minCredit} />
            {offer.initialBonus.display !== "None" && offer.initialBonus.display !== "N/A" && <BonusTip />}
          </section>
        </Later>
      )}
      {(offer.pros.length > 0 || offer.cons.length > 0 || offer.description.length > 0) && (
        <Later>
          <section id="our-take" aria-labelledby="review" className="details__section">
            <h2 id="review">Our take</h2>
            <ProsCons pros={offer.pros} cons={offer.cons} />
            {offer.description.length > 0 && (
              <Carousel label={`${offer.name} features`} {...PRODUCT_LIST_CAROUSEL} className="details__features">
                {offer.description.map((d) => (
                  <p key={d} className="details__feature" itemProp="description">
                    {d}
                  </p>
                ))}
              </Carousel>
            )}
            {offer.editorsNotes && <CommentBlock comment={offer.editorsNotes} author="Plainrate editors" />}
          </section>
        </Later>
      )}
      <Later>
        <section id="reviews" aria-labelledby="reviews-title" className="details__section">
          <h2 id="reviews-title">Ratings and reviews</h2>
          <Suspense fallback={<p className="page-loading rating-loading">Loading ratings…</p>}>
            <RatingWidget offer={offer} preselected={Number.isInteger(preselected) ? preselected : undefined} />
          </Suspense>
          <Suspense fallback={<p className="page-loading">Loading reviews…</p>}>
            <ReviewsSection key={offer.id} pid={offer.id} name={offer.name} preselected={Number.isInteger(preselected) ? preselected : undefined} />
          </Suspense>
        </section>
        {/* The community box loads its own code, after the page. */}
        <Suspense fallback={<p className="page-loading">Loading questions…</p>}>
          <QuestionBox key={offer.id} offerId={offer.id} heading={`Questions about ${offer.name}`} empty={`No questions about ${offer.name} yet. Be the first to ask.`} />
        </Suspense>
      </Later>
      <LargeBankNote offers={[offer]} />
      <CompareBar />
    </div>
  );
}
