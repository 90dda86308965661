//! The alert e-mails: after an import, each member whose followed products or listings
//! changed gets one e-mail, a digest of every change since their last, on the
//! `rate-alerts` list (one-click unsubscribe), only to a confirmed address. A followed
//! product that an import retired (or brought back) is in it too.
//!
//! A pass ([`queue_due`]) runs after each import (the `import` command) and on every
//! instance's catalogue watch, so a crash between an import and its e-mails loses none.
//! Each member's e-mail is queued in one transaction with the record of what it covered
//! (`through_version`); its idempotency key names the member and the catalogue version, so
//! two passes (two instances, or a retry after a crash) queue one message, which the
//! outbox sends once under one Message-ID. An import that changed nothing a member follows
//! queues nothing for them; an import run twice changes nothing the second time.

use std::collections::HashMap;

use catalogue::alerts::{DigestItem, ListingAlert, collapse, digest};
use catalogue::refresh::{FieldChange, figure_label};
use chrono::{DateTime, Utc};
use mail_delivery::unsubscribe::List;
use offer_model::Offer;
use store::alerts::{Subscriber, Target};
use store::catalogue::history::OfferEvent;
use store::{DatabaseConnection, StoreError};

use crate::state::Secret;

/// Where the alerts page is, for the e-mail's last line.
pub const ALERTS_PAGE: &str = "/home/settings/alerts";

/// The subject of an alert e-mail about `products` products.
pub fn subject(products: usize) -> String {
    match products {
        1 => "Rate alert: 1 product changed".to_owned(),
        n => format!("Rate alert: {n} products changed"),
    }
}

/// What a pass needs to write links: the site's address and its signing secret.
#[derive(Clone, Copy)]
pub struct Links<'a> {
    /// The site's address (`--base-url`).
    pub base_url: &'a str,
    /// The secret that signs unsubscribe links.
    pub secret: &'a Secret,
}

/// Queues the alert e-mails due at `now` (see the module docs); how many were queued.
pub async fn queue_due(
    db: &DatabaseConnection,
    links: Links<'_>,
    now: DateTime<Utc>,
) -> Result<usize, StoreError> {
    let current = store::meta::catalogue_version(db).await?;
    let due = store::alerts::due(db, current, now).await?;
    let Some(from) = due.iter().map(|(_, s)| s.through_version).min() else {
        return Ok(0);
    };
    // Read once for every member due: the offers of one version (read together) and the
    // changes up to that version since the earliest of them.
    let store::catalogue::Versioned {
        version,
        offers,
        retired,
    } = store::catalogue::load_versioned(db).await?;
    let read = Read {
        version,
        changes: store::catalogue::history::between_versions(db, from, version).await?,
        events: store::catalogue::history::events_between(db, from, version).await?,
        offers: offers
            .iter()
            .map(|offer| (offer.identity.id.as_str(), offer))
            .collect(),
        retired: retired
            .iter()
            .map(|r| (r.offer.identity.id.as_str(), &r.offer))
            .collect(),
    };
    let mut queued = 0;
    for (member_id, _) in due {
        if member_pass(db, links, member_id, &read, now).await? {
            queued += 1;
        }
    }
    Ok(queued)
}

/// What one pass read for every member: the changes and retirements up to `version`, and
/// that version's offers, live and retired.
struct Read<'a> {
    version: i64,
    changes: Vec<store::catalogue::history::ImportedChange>,
    events: Vec<(String, i64, OfferEvent)>,
    offers: HashMap<&'a str, &'a Offer>,
    retired: HashMap<&'a str, &'a Offer>,
}

/// A followed product retired or restored since the member's last e-mail (its latest
/// such event counts).
fn status_changes<'a>(
    read: &'a Read<'_>,
    after: i64,
    followed: &[(i64, String)],
) -> Vec<(i64, &'a Offer, OfferEvent)> {
    let mut latest: HashMap<&str, OfferEvent> = HashMap::new();
    for (offer, version, event) in &read.events {
        if *version > after {
            latest.insert(offer.as_str(), *event);
        }
    }
    followed
        .iter()
        .filter_map(|(follow, id)| {
            let event = *latest.get(id.as_str())?;
            let offer = match event {
                OfferEvent::Retired => read.retired.get(id.as_str()),
                OfferEvent::Restored => read.offers.get(id.as_str()),
            }?;
            Some((*follow, *offer, event))
        })
        .collect()
}

/// One member's e-mail, in one transaction; whether one was queued.
async fn member_pass(
    db: &DatabaseConnection,
    links: Links<'_>,
    member_id: i64,
    read: &Read<'_>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let version = read.version;
    let offers = &read.offers;
    let txn = store::begin_write(db).await?;
    // Read again, locked: another pass may have covered it meanwhile.
    let Some(subscriber) = store::alerts::subscriber_for_update(&txn, member_id).await? else {
        return Ok(false);
    };
    if !is_due(&subscriber, version, now) {
        return Ok(false);
    }
    let follows = store::alerts::follows(&txn, member_id).await?;
    let products: Vec<(i64, String)> = follows
        .iter()
        .filter_map(|f| match &f.target {
            Target::Product { offer_id } => Some((f.id, offer_id.clone())),
            Target::Listing { .. } => None,
        })
        .collect();
    let listings: Vec<(i64, ListingAlert)> = follows
        .iter()
        .filter_map(|f| Some((f.id, super::listing_alert(&f.target)?)))
        .collect();
    let changed = changed_offers(&read.changes, subscriber.through_version, offers);
    let statuses = status_changes(read, subscriber.through_version, &products);
    let product_ids: Vec<String> = products.iter().map(|(_, id)| id.clone()).collect();
    let alerts: Vec<ListingAlert> = listings.iter().map(|(_, a)| a.clone()).collect();
    let items = digest(&product_ids, &alerts, &changed);
    let mut address = store::members::member(&txn, member_id)
        .await?
        .filter(|m| m.email_confirmed_at.is_some())
        .map(|m| m.email);
    // An address that left the list gets nothing, and nothing is recorded as sent to it.
    if let Some(to) = &address
        && store::outbox::opt_outs::has_left(&txn, to, List::RateAlerts.as_str()).await?
    {
        address = None;
    }
    let mut sent = None;
    if let (false, Some(to)) = (items.is_empty() && statuses.is_empty(), address) {
        let body = body(links, &items, &alerts, offers, &statuses);
        let message = crate::unsubscribe::list_message(
            links.base_url,
            links.secret,
            List::RateAlerts,
            &to,
            &subject(items.len() + statuses.len()),
            &body,
            format!("alerts:{member_id}:{version}"),
        );
        store::outbox::enqueue(&txn, message, now).await?;
        let told: Vec<i64> = products
            .iter()
            .filter(|(_, id)| items.iter().any(|i| i.followed && &i.offer_id == id))
            .map(|(follow, _)| *follow)
            .chain(
                listings
                    .iter()
                    .enumerate()
                    .filter(|(index, _)| items.iter().any(|i| i.listings.contains(index)))
                    .map(|(_, (follow, _))| *follow),
            )
            .chain(statuses.iter().map(|(follow, _, _)| *follow))
            .collect();
        sent = Some((now, told));
    }
    let sent_ref = sent.as_ref().map(|(at, told)| (*at, told.as_slice()));
    if !store::alerts::covered(&txn, member_id, version, sent_ref).await? {
        // Covered meanwhile: what this pass queued is not sent.
        txn.rollback().await?;
        return Ok(false);
    }
    txn.commit().await?;
    Ok(sent.is_some())
}

/// Whether the member's e-mail may go now: changes it has not covered, and their cadence
/// allows it.
fn is_due(subscriber: &Subscriber, version: i64, now: DateTime<Utc>) -> bool {
    let gap = subscriber.cadence.gap();
    subscriber.through_version < version
        && (gap.is_zero() || subscriber.last_sent_at.is_none_or(|last| now - last >= gap))
}

/// The live offers changed by imports after `after`, each with its changes collapsed, in
/// the order they first changed.
fn changed_offers<'a>(
    changes: &[store::catalogue::history::ImportedChange],
    after: i64,
    offers: &HashMap<&str, &'a Offer>,
) -> Vec<(&'a Offer, Vec<FieldChange>)> {
    let mut order: Vec<&str> = Vec::new();
    let mut by_offer: HashMap<&str, Vec<FieldChange>> = HashMap::new();
    for row in changes.iter().filter(|row| row.version > after) {
        by_offer
            .entry(row.offer_id.as_str())
            .or_insert_with(|| {
                order.push(row.offer_id.as_str());
                Vec::new()
            })
            .push(row.change.clone());
    }
    order
        .into_iter()
        .filter_map(|id| {
            let offer = *offers.get(id)?;
            let changes = collapse(by_offer.remove(id)?);
            Some((offer, changes))
        })
        .collect()
}

/// The e-mail's text: each product with why it is there, its changes and its link. The
/// products and figures are the catalogue's (no member wrote them).
fn body(
    links: Links<'_>,
    items: &[DigestItem],
    alerts: &[ListingAlert],
    offers: &HashMap<&str, &Offer>,
    statuses: &[(i64, &Offer, OfferEvent)],
) -> String {
    let base = site_urls::trim_base_address(links.base_url);
    let mut text = String::from("Here is what changed on Plainrate in what you follow.\n");
    let heading = |text: &mut String, offer: &Offer| {
        text.push('\n');
        text.push_str(offer.identity.name.as_str());
        if let Some(issuer) = offer.identity.issuer.as_deref() {
            text.push_str(&format!(" ({issuer})"));
        }
        text.push('\n');
    };
    let link = |text: &mut String, offer: &Offer| {
        if let Some(path) = offer
            .identity
            .details_html_page
            .as_deref()
            .and_then(|page| offer_model::links::details_path("", page).ok())
        {
            text.push_str(&format!("  {base}{path}\n"));
        }
    };
    for (_, offer, event) in statuses {
        heading(&mut text, offer);
        text.push_str(match event {
            OfferEvent::Retired => {
                "  No longer offered: it left the data we publish. Its page keeps its last known figures.\n"
            }
            OfferEvent::Restored => "  Offered again: it is back in the data we publish.\n",
        });
        link(&mut text, offer);
    }
    for item in items {
        let Some(offer) = offers.get(item.offer_id.as_str()) else {
            continue;
        };
        heading(&mut text, offer);
        for index in &item.listings {
            if let Some(alert) = alerts.get(*index) {
                text.push_str(&format!("  Now {}.\n", alert.describe()));
            }
        }
        for change in &item.changes {
            text.push_str(&format!(
                "  {}: {} → {}\n",
                figure_label(&change.field),
                change.old.as_deref().unwrap_or("not given"),
                change.new.as_deref().unwrap_or("no longer given")
            ));
        }
        link(&mut text, offer);
    }
    text.push_str(&format!(
        "\nChange what you follow, or get one e-mail a week instead: {base}{ALERTS_PAGE}"
    ));
    text
}
