import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./product.css";
import { trackAdClick, type AdSlot } from "./useAdView";
import { useSession } from "../../stores/session";

function defaultLabel(offer: OfferSummary): string {
  if (offer.productType === "institution") return "Go to Site";
  if (offer.productType === "creditCard") return "Apply Now";
  return "Learn More";
}

/**
 * The apply link: the offer's tracking address, the site's redirect, or none when the
 * product is applied for directly with the issuer (site-core §4).
 */
export function ApplyButton({ offer, slot, label }: { offer: OfferSummary; slot?: AdSlot; label?: string }) {
  if (offer.apply.kind === "none") {
    // An institution's own page has nothing to say here beyond its products.
    if (offer.productType === "institution") return null;
    return (
      <p className="apply-none">
        {`Apply directly with ${(offer.issuer ?? "the issuer").replace(/\.+$/, "")}.`}
      </p>
    );
  }
  const text = label ?? defaultLabel(offer);
  // Only a paid link says so: a sponsored placement or an affiliate tracking address. The
  // redirect to the issuer's own page is an ordinary link.
  const paid = offer.sponsored || offer.apply.kind === "tracking" || offer.affiliateLink !== undefined;
  return (
    <a
      className="button apply-button"
      href={offer.apply.url}
      rel={paid ? "sponsored noopener" : "noopener"}
      onClick={() => trackAdClick(offer, slot)}
      aria-label={`${text}: ${offer.name}`}
    >
      {text}
      <span aria-hidden="true"> ›</span>
    </a>
  );
}

/** The card's rates-and-fees link (site-core §2, `rf=1`), through the site's redirect to the
 * issuer's page; nothing when the card has none. */
export function RatesAndFeesLink({ offer }: { offer: OfferSummary }) {
  if (!offer.ratesAndFeesPath) return null;
  return (
    <a className="rates-fees-link" href={offer.ratesAndFeesPath} rel="noopener" aria-label={`Rates and fees: ${offer.name}`}>
      Rates and fees
    </a>
  );
}

/**
 * Says a card's offer is an affiliate offer for this visitor (site-core §4 "Card link
 * visibility": the scope and the logged-in-only critical setting decide, by sign-in state).
 */
export function AffiliateNote({ offer }: { offer: OfferSummary }) {
  const signedIn = useSession((state) => state.signedIn);
  const seen = offer.affiliateLink;
  if (!seen || !(signedIn ? seen.signedIn : seen.signedOut)) return null;
  return (
    <p className="affiliate-note">
      Affiliate offer: we may be paid if you apply. It never changes our ratings or order.
    </p>
  );
}
