//! The website of each institution, for its "Go to Site" button: the website the card
//! survey gives for an institution of the same name, else the home page of the site where
//! the data read its CD or savings rates (joined by FDIC certificate or NCUA charter).
//! An institution no source names gets none.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::{
    cd_rates::CdRate, csv::Table, hysa::Account, institutions::Institution, raw::web_address,
};

#[cfg(test)]
mod tests;

/// `https://host/` of a web address, the host in lower case.
pub fn home_page(address: &str) -> Option<String> {
    let (scheme, rest) = address.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?.to_lowercase();
    (!host.is_empty()).then(|| format!("{scheme}://{host}/"))
}

/// A name compared loosely: lower case, letters and digits only, single spaces.
fn name_key(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Each institution's website, by catalogue id.
pub fn websites(
    institutions: &[Institution],
    cds: &[CdRate],
    savings: &[Account],
    pages: &BTreeMap<String, String>,
    tccp: &Table,
) -> BTreeMap<String, String> {
    // The survey's website field names the institution's site; a rate page may sit on a
    // sub-site (an API host, a rates portal), so it comes second.
    let survey: BTreeMap<String, String> = tccp
        .rows()
        .filter_map(|row| {
            let site = row.get("website").and_then(web_address)?;
            Some((name_key(row.text("institution")), home_page(&site)?))
        })
        .collect();
    let mut sites: BTreeMap<String, String> = institutions
        .iter()
        .filter_map(|institution| {
            Some((
                institution.id.clone(),
                survey.get(&name_key(&institution.name))?.clone(),
            ))
        })
        .collect();
    let by_id = cds
        .iter()
        .filter_map(|cd| Some((cd.institution_id.clone()?, cd.page.as_deref()?)))
        .chain(savings.iter().filter_map(|account| {
            Some((
                account.institution_id.clone()?,
                pages.get(&account.product)?.as_str(),
            ))
        }));
    for (id, page) in by_id {
        if let Some(home) = home_page(page) {
            sites.entry(id).or_insert(home);
        }
    }
    sites.retain(|id, _| institutions.iter().any(|i| &i.id == id));
    sites
}

/// Gives each institution offer its website as the page its "Go to Site" button opens.
pub fn attach(offers: &mut [Value], sites: &BTreeMap<String, String>) {
    for offer in offers {
        let id = crate::raw::id_of(offer);
        if let (Some(site), Some(fields)) = (sites.get(&id), offer.as_object_mut()) {
            fields.insert("RATES_FEES_URL".to_owned(), Value::String(site.clone()));
        }
    }
}
