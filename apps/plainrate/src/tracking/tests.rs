//! Unit tests of the pixel bytes, the redirect index and the destination rules.

use std::borrow::Cow;
use std::io::Read;

use offer_model::Offer;
use serde_json::json;
use store::tracking::RedirectTarget;

use super::*;

/// CRC-32 (IEEE), as PNG chunks use it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// The chunks of a PNG: (type, data), checking each CRC.
fn chunks(png: &[u8]) -> Vec<(String, Vec<u8>)> {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let mut out = Vec::new();
    let mut at = 8;
    while at < png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = &png[at + 4..at + 8];
        let data = &png[at + 8..at + 8 + len];
        let crc = u32::from_be_bytes(png[at + 8 + len..at + 12 + len].try_into().unwrap());
        assert_eq!(crc, crc32(&png[at + 4..at + 8 + len]), "CRC of {kind:?}");
        out.push((String::from_utf8(kind.to_vec()).unwrap(), data.to_vec()));
        at += 12 + len;
    }
    assert_eq!(at, png.len());
    out
}

#[test]
fn the_pixel_is_a_valid_transparent_1x1_png() {
    let chunks = chunks(&PIXEL_PNG);
    let kinds: Vec<&str> = chunks.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["IHDR", "IDAT", "IEND"]);
    let ihdr = &chunks[0].1;
    assert_eq!(u32::from_be_bytes(ihdr[0..4].try_into().unwrap()), 1);
    assert_eq!(u32::from_be_bytes(ihdr[4..8].try_into().unwrap()), 1);
    assert_eq!((ihdr[8], ihdr[9]), (8, 6), "8-bit RGBA");
    let mut pixels = Vec::new();
    flate2::read::ZlibDecoder::new(chunks[1].1.as_slice())
        .read_to_end(&mut pixels)
        .unwrap();
    // Filter byte, then R, G, B and an alpha of 0.
    assert_eq!(pixels, [0, 0, 0, 0, 0]);
}

fn offer(raw: serde_json::Value) -> Offer {
    Offer::from_json(&raw).unwrap()
}

#[test]
fn only_absolute_http_addresses_are_destinations() {
    for good in [
        "https://bank.example/apply?x=1",
        "http://bank.example",
        "HTTPS://Bank.Example/a",
    ] {
        assert!(is_safe_destination(good), "{good}");
    }
    for bad in [
        "//evil.com",
        "/d/card",
        "javascript:alert(1)",
        "https:evil.com",
        "https:///evil.com",
        "ftp://bank.example",
        "https://bank.example/a b",
        "https://bank.example/\\x",
        "https://bank.example/\nx",
        "data:text/html,hi",
        "",
    ] {
        assert!(!is_safe_destination(bad), "{bad:?}");
    }
}

#[test]
fn the_index_knows_card_institution_and_redirect_ids() {
    let offers = vec![
        offer(json!({"ID": "inst-1", "NAME": "First Bank", "TYPE": "inst", "UID": "u-1"})),
        offer(json!({"ID": "card-1", "PID": "p1", "NAME": "Card One"})),
        offer(json!({"ID": "card-2", "NAME": "Card Two", "redirPid": "R2"})),
        offer(json!({"ID": "chk-1", "PID": "p1", "NAME": "Checking", "TYPE": "chkg"})),
    ];
    let index = RedirectIndex::build(&offers);
    assert_eq!(index.find("p1c"), Some(1), "cards win a shared key");
    assert_eq!(index.find("card-2c"), Some(2), "ID when there is no PID");
    assert_eq!(index.find("R2"), Some(2));
    assert_eq!(index.find("inst-1i"), Some(0));
    assert_eq!(index.find("u-1i"), Some(0));
    assert_eq!(index.find("inst-1c"), Some(0), "every offer has a c link");
    assert_eq!(index.find("card-1i"), None, "i is for institutions");
    assert_eq!(index.find("card-1c"), None, "the PID names the card");
    assert_eq!(index.find("p1"), None);
    assert_eq!(index.find(""), None);
}

#[test]
fn destinations_follow_the_apply_link_rules() {
    let tracked = offer(json!({
        "ID": "1", "NAME": "A", "TRACKING_URL": " https://bank.example/apply ",
        "RATES_FEES_URL": "https://bank.example/terms",
    }));
    assert_eq!(
        destination(&tracked, RedirectTarget::Apply).unwrap(),
        "https://bank.example/apply"
    );
    assert_eq!(
        destination(&tracked, RedirectTarget::RatesAndFees).unwrap(),
        "https://bank.example/terms"
    );

    let manual = offer(json!({
        "ID": "2", "NAME": "B", "TRACKING_URL": "https://bank.example/apply", "MANUAL_APPLY": "Y",
    }));
    let err = destination(&manual, RedirectTarget::Apply).unwrap_err();
    assert_eq!(err.status(), 404);
    assert!(err.to_string().contains("no apply link"), "{err}");

    let bare = offer(json!({"ID": "3", "NAME": "C"}));
    assert_eq!(
        destination(&bare, RedirectTarget::Apply)
            .unwrap_err()
            .status(),
        404
    );
    assert_eq!(
        destination(&bare, RedirectTarget::RatesAndFees)
            .unwrap_err()
            .status(),
        404
    );

    for stored in [
        "javascript:alert(1)",
        "//evil.example",
        "/same/site/path",
        "ftp://bank.example/x",
    ] {
        let odd = offer(json!({
            "ID": "4", "NAME": "D", "TRACKING_URL": stored, "RATES_FEES_URL": stored,
        }));
        for target in [RedirectTarget::Apply, RedirectTarget::RatesAndFees] {
            assert_eq!(
                destination(&odd, target).unwrap_err().status(),
                404,
                "{stored} {target:?}"
            );
        }
    }
}

#[test]
fn without_a_tracking_url_the_apply_redirect_goes_to_the_issuer_page() {
    let untracked = offer(json!({
        "ID": "5", "NAME": "E", "RATES_FEES_URL": " https://bank.example/cards/e ",
    }));
    assert_eq!(
        destination(&untracked, RedirectTarget::Apply).unwrap(),
        "https://bank.example/cards/e"
    );
    let manual = offer(json!({
        "ID": "6", "NAME": "F", "MANUAL_APPLY": "Y", "RATES_FEES_URL": "https://bank.example/f",
    }));
    assert_eq!(
        destination(&manual, RedirectTarget::Apply).unwrap(),
        "https://bank.example/f"
    );
    for page in ["http:www.bank.example", "www://bank.example", "/d/card"] {
        let odd = offer(json!({"ID": "7", "NAME": "G", "RATES_FEES_URL": page}));
        let err = destination(&odd, RedirectTarget::Apply).unwrap_err();
        assert_eq!(err.status(), 404, "{page}");
        assert!(err.to_string().contains("no apply address"), "{err}");
    }
}

/// Every issuer page the domain accepts as a web address is also a destination here, so a
/// summary's redirect never ends in the 404 of a refused `Location`: checked for every
/// ASCII character (and a few others) at every place of an address, and for the issuer
/// pages of the fixture catalogue.
#[test]
fn every_web_address_is_a_safe_destination() {
    let mut chars: Vec<char> = (0u8..=127).map(char::from).collect();
    chars.extend(['é', '\u{a0}', '\u{2028}', '\u{fffd}']);
    let templates = [
        "http{c}://bank.example/",
        "https://{c}bank.example/",
        "https://bank{c}example/",
        "https://bank.example{c}/",
        "https://bank.example:{c}/",
        "https://bank.example:8{c}/",
        "https://bank.example/{c}",
        "https://bank.example/a{c}b",
        "https://bank.example?{c}",
        "https://bank.example/?q={c}&r=1",
        "https://bank.example/#{c}",
        "https://bank.example{c}",
    ];
    let mut accepted = 0;
    for template in templates {
        for a in &chars {
            for b in ['x', '/', '%', *a] {
                let url = template.replace("{c}", &format!("{a}{b}"));
                if offer_model::links::is_web_address(&url) {
                    accepted += 1;
                    assert!(is_safe_destination(&url), "{url:?}");
                }
            }
        }
    }
    assert!(accepted > 500, "{accepted}");

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../fixtures/catalogue");
    let mut pages = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let raw: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for item in raw.as_array().unwrap() {
            if let Some(page) = item["RATES_FEES_URL"].as_str() {
                let page = page.trim();
                assert_eq!(
                    offer_model::links::is_web_address(page),
                    is_safe_destination(page),
                    "{page:?}"
                );
                pages += 1;
            }
        }
    }
    assert!(pages > 200, "{pages}");
}

#[tokio::test]
async fn a_tracker_without_writer_drops_and_counts() {
    let tracker = Tracker::default();
    assert!(!tracker.record(store::tracking::TrackingEvent::Ping {
        counter: store::tracking::Counter::GoToTop,
        at: chrono::Utc::now(),
    }));
    assert_eq!(tracker.stats().dropped, 1);
    assert_eq!(tracker.stats().accepted, 0);
    assert!(!tracker.flush().await);
}

#[test]
fn query_strings_are_decoded_strictly() {
    let pairs = query_pairs(Some("a=1&b=x+y%20z&&c&d=%2F%2F&a=2")).unwrap();
    let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (&**k, &**v)).collect();
    assert_eq!(
        pairs,
        [
            ("a", "1"),
            ("b", "x y z"),
            ("c", ""),
            ("d", "//"),
            ("a", "2")
        ]
    );
    // Nothing to decode: the pairs borrow from the query.
    let plain = query_pairs(Some("adview_id=a1&adview_version=2")).unwrap();
    assert!(
        plain
            .iter()
            .all(|(k, v)| matches!((k, v), (Cow::Borrowed(_), Cow::Borrowed(_))))
    );
    assert!(query_pairs(None).unwrap().is_empty());
    assert!(query_pairs(Some("")).unwrap().is_empty());
    for bad in ["a=%FF", "a=%zz", "a=100%", "%C3=1"] {
        assert_eq!(query_pairs(Some(bad)).unwrap_err().status(), 400, "{bad}");
    }
}
