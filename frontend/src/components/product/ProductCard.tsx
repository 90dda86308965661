import { useId, useState } from "react";
import { Link } from "react-router";
import type { OfferSummary } from "../../api/generated/OfferSummary";
import { StarRating } from "./StarRating";
import { FigureList } from "./FigureList";
import { ProvenanceRow } from "./Provenance";
import { ProsCons } from "./ProsCons";
import { ApplyButton, RatesAndFeesLink, AffiliateNote } from "./ApplyButton";
import { CompareCheckbox } from "./CompareCheckbox";
import { SaveButtons } from "./SaveButtons";
import { EditorNotes } from "./EditorNotes";
import { BalanceApy } from "./BalanceApy";
import { RateTableView } from "./RateTableView";
import { MinCreditNote } from "./MinCreditNote";
import { ApprovalOddsNote } from "../approval";
import { LargeBankAsterisk, shownIssuer } from "./LargeBankNote";
import { useAdView, type AdSlot } from "./useAdView";
import { SponsoredBadge } from "./SponsoredBadge";
import { RateChangeMark } from "./RateChangeMark";
import { ProductArt } from "./ProductArt";
import "./product.css";
import { memberRatingsLabel } from "../rating/memberRatings";

export interface ProductCardProps {
  offer: OfferSummary;
  /** Labels a paid placement; the label is never hidden. */
  placement?: "editorial" | "sponsored";
  rank?: number;
  /** The figure the rank is earned by, when it is not the stars shown ("4.6 for Earn Rewards"). */
  rankedBy?: string;
  /** The listing the card is in: saved and skipped lists are kept per group. */
  group?: string;
  /** Where the card sits, for the ad-view pixel. */
  slot?: AdSlot;
  headingLevel?: 2 | 3;
  /** The balance a deposit card's "Your balance" box starts at: the listing's scenario amount. */
  balance?: string;
}

/** Picks the layout the product's type calls for. */
export function ProductCard(props: ProductCardProps) {
  return props.offer.productType === "institution" ? <InstitutionCard {...props} /> : <OfferCard {...props} />;
}

function Title({ offer, level }: { offer: OfferSummary; level: 2 | 3 }) {
  const H = level === 2 ? "h2" : "h3";
  return (
    <H className="card__title" itemProp="name">
      {offer.detailsPath ? <Link to={offer.detailsPath}>{offer.name}</Link> : offer.name}
    </H>
  );
}

function InstitutionTitle({ offer, level }: { offer: OfferSummary; level: 2 | 3 }) {
  const H = level === 2 ? "h2" : "h3";
  return (
    <H className="card__title">
      <Link to={`/institutions/${encodeURIComponent(offer.id)}`}>{offer.name}</Link>
      <LargeBankAsterisk offer={offer} />
    </H>
  );
}

/** Rank (editorial places only), the sponsored label and the product type. */
function CardHeader({ offer, placement, rank, rankedBy, sponsored }: { offer: OfferSummary; placement: "editorial" | "sponsored"; rank?: number; rankedBy?: string; sponsored: boolean }) {
  return (
    <header className="card__header">
      {rank !== undefined && placement === "editorial" && (
        <span className="card__rank" aria-label={`Rank ${rank}`}>
          #{rank}
        </span>
      )}
      {rankedBy && placement === "editorial" && <span className="card__ranked-by">{rankedBy}</span>}
      {sponsored && <SponsoredBadge />}
      <span className="card__type">{offer.productLabel}</span>
    </header>
  );
}

function Rating({ offer }: { offer: OfferSummary }) {
  if (!offer.rating) return <p className="card__unrated">Not rated yet</p>;
  return (
    <p className="card__rating" itemProp="aggregateRating" itemScope itemType="https://schema.org/AggregateRating">
      <meta itemProp="ratingValue" content={offer.rating.value} />
      <meta itemProp="bestRating" content="5" />
      <meta itemProp="worstRating" content="0" />
      {offer.reviews > 0 && <meta itemProp="ratingCount" content={String(offer.reviews)} />}
      <StarRating pieces={offer.rating.fractionalStars} text={offer.rating.text} label="Our rating" />
      {offer.detailsPath && (
        <Link className="card__reviews" to={`${offer.detailsPath}#reviews`}>
          {memberRatingsLabel(offer.reviews)}
        </Link>
      )}
    </p>
  );
}

/** The credit-card (and other product) layout, with schema.org Product markup. */
function OfferCard({ offer, placement = "editorial", rank, rankedBy, group, slot, headingLevel = 2, balance }: ProductCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const ref = useAdView<HTMLElement>(offer, slot);
  const sponsored = placement === "sponsored" || offer.sponsored;
  const issuer = shownIssuer(offer);
  return (
    <article
      ref={ref}
      className={`card card--${offer.productType}${sponsored ? " card--sponsored" : ""}`}
      itemScope
      itemType="https://schema.org/Product"
      data-offer-id={offer.id}
      aria-label={offer.name}
    >
      <CardHeader offer={offer} placement={placement} rank={rank} rankedBy={rankedBy} sponsored={sponsored} />
      <div className="card__body">
        <ProductArt art={offer.art} className="card__art" />
        <div className="card__main">
          <Title offer={offer} level={headingLevel} />
          {issuer && (
            <p className="card__issuer" itemProp="brand" itemScope itemType="https://schema.org/Brand">
              <span itemProp="name">{issuer}</span>
              <LargeBankAsterisk offer={offer} />
            </p>
          )}
          <Rating offer={offer} />
          <RateChangeMark offer={offer} />
          <FigureList offer={offer} />
          {offer.minCredit && <MinCreditNote label={offer.minCredit} />}
          {offer.productType === "creditCard" && <ApprovalOddsNote offer={offer} />}
          {offer.rateTable && offer.rateTable.rows.length > 0 && <BalanceApy offer={offer} balance={balance} />}
        </div>
        <div className="card__actions">
          <ApplyButton offer={offer} slot={slot} />
          <RatesAndFeesLink offer={offer} />
          <AffiliateNote offer={offer} />
          <CompareCheckbox offer={offer} />
          {group && <SaveButtons group={group} offerId={offer.id} name={offer.name} />}
        </div>
      </div>
      <button type="button" className="button button--link card__toggle" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((e) => !e)}>
        {expanded ? "Show Less" : "Show More"}
      </button>
      <div id={detailsId} className="card__details" hidden={!expanded}>
        <ProsCons pros={offer.pros} cons={offer.cons} />
        {offer.description.length > 0 && (
          <ul className="card__description" itemProp="description">
            {offer.description.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
        {offer.rateTable && <RateTableView table={offer.rateTable} />}
        {offer.editorsNotes && <EditorNotes text={offer.editorsNotes} />}
      </div>
      <ProvenanceRow provenance={offer.provenance} />
    </article>
  );
}

/** The institution layout: Go to Site, More / Less Details, editor notes. */
function InstitutionCard({ offer, placement = "editorial", rank, slot, headingLevel = 2 }: ProductCardProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const ref = useAdView<HTMLElement>(offer, slot);
  const sponsored = placement === "sponsored" || offer.sponsored;
  return (
    <article ref={ref} className={`card card--institution${sponsored ? " card--sponsored" : ""}`} data-offer-id={offer.id} aria-label={offer.name}>
      <CardHeader offer={offer} placement={placement} rank={rank} sponsored={sponsored} />
      <div className="card__body">
        <ProductArt art={offer.art} className="card__art" />
        <div className="card__main">
          <InstitutionTitle offer={offer} level={headingLevel} />
          <Rating offer={offer} />
          {offer.editorsNotes && <EditorNotes text={offer.editorsNotes} />}
        </div>
        <div className="card__actions">
          <ApplyButton offer={offer} slot={slot} label="Go to Site" />
        </div>
      </div>
      <button type="button" className="button button--link card__toggle" aria-expanded={expanded} aria-controls={detailsId} onClick={() => setExpanded((e) => !e)}>
        {expanded ? "Less Details" : "More Details"}
      </button>
      <div id={detailsId} className="card__details" hidden={!expanded}>
        <ProsCons pros={offer.pros} cons={offer.cons} />
        {offer.description.length > 0 && (
          <ul className="card__description">
            {offer.description.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
      <ProvenanceRow provenance={offer.provenance} />
    </article>
  );
}
