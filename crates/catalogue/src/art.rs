//! Which illustration an offer gets: card art for a credit or prepaid card, drawn from its
//! issuer, name and network; otherwise the mark of its institution (the issuer of an
//! account or loan, or the institution itself).

use artwork::{CardArt, InstitutionMark, Subject};
use offer_model::Offer;
use offer_model::product_type::ProductType;

/// The illustration of an offer.
///
/// ```
/// use catalogue::art::subject_of;
/// use offer_model::Offer;
/// use serde_json::json;
/// let card = Offer::from_json(&json!({"ID": "c", "NAME": "Quicksilver", "ISSUER": "Capital One"})).unwrap();
/// assert_eq!(subject_of(&card).label(), "Illustration of the Quicksilver card by Capital One");
/// let cd = Offer::from_json(&json!({"ID": "d", "NAME": "12 Month CD", "ISSUER": "Ally Bank", "TYPE": "svg", "PDT_TYPE": "CD"})).unwrap();
/// assert_eq!(subject_of(&cd).label(), "Illustration: mark for Ally Bank");
/// ```
pub fn subject_of(offer: &Offer) -> Subject<'_> {
    let issuer = offer.identity.issuer.as_deref().unwrap_or_default();
    match offer.product_type {
        ProductType::CreditCard | ProductType::Prepaid => Subject::Card(CardArt {
            issuer,
            name: offer.identity.name.as_str(),
            network: offer.identity.network.as_deref(),
            secured: offer_model::credit::is_secured(
                offer.eligibility.pick_type.as_deref().unwrap_or_default(),
                offer.identity.card_type.as_deref().unwrap_or_default(),
            ),
        }),
        ProductType::Institution => Subject::Mark(InstitutionMark {
            name: offer.identity.name.as_str(),
        }),
        _ => Subject::Mark(InstitutionMark {
            name: if issuer.is_empty() {
                offer.identity.name.as_str()
            } else {
                issuer
            },
        }),
    }
}
