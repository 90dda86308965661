import type { OfferSummary } from "../../api/generated/OfferSummary";
import "./product.css";

/**
 * The large-bank asterisk (site-core §5): the server marks an offer `largeBankAsterisk` when
 * its issuer is a large bank (the list in `fixtures/large-banks.json`) and the offer has no
 * affiliate link. The issuer's name then gets an asterisk pointing to one footnote on the page.
 */

/** The id of the page's one footnote, which every asterisk points to. */
export const LARGE_BANK_NOTE_ID = "large-bank-note";

/** The footnote's text, after its asterisk. */
export const LARGE_BANK_NOTE = "We have no business relationship with this issuer; the figures come from public data.";

/** Whether any of these offers carries the asterisk, so the page needs the footnote. */
export function anyLargeBankAsterisk(offers: readonly OfferSummary[]): boolean {
  return offers.some((offer) => offer.largeBankAsterisk === true);
}

/**
 * The issuer name a page shows for an offer: its issuer; for a marked offer without one (an
 * institution, which is its own issuer), its name, so the asterisk always follows a name.
 */
export function shownIssuer(offer: OfferSummary): string | undefined {
  return offer.issuer ?? (offer.largeBankAsterisk === true ? offer.name : undefined);
}

/** The asterisk after a marked offer's issuer name: a link to the footnote, described by it. */
export function LargeBankAsterisk({ offer }: { offer: OfferSummary }) {
  if (offer.largeBankAsterisk !== true) return null;
  return (
    <a className="large-bank-asterisk" href={`#${LARGE_BANK_NOTE_ID}`} aria-describedby={LARGE_BANK_NOTE_ID}>
      *
    </a>
  );
}

/** The page's one footnote, rendered when any offer it shows carries the asterisk. */
export function LargeBankNote({ offers }: { offers: readonly OfferSummary[] }) {
  if (!anyLargeBankAsterisk(offers)) return null;
  return (
    <p id={LARGE_BANK_NOTE_ID} className="large-bank-note">
      * {LARGE_BANK_NOTE}
    </p>
  );
}
