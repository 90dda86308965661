use super::*;

/// WCAG 2 relative luminance of an sRGB colour.
fn relative_luminance(colour: Colour) -> f64 {
    fn linear(component: u8) -> f64 {
        let c = f64::from(component) / 255.0;
        if c <= 0.040_45 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    }
    0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
}

/// WCAG 2 contrast ratio of white text on `colour`.
fn contrast_with_white(colour: Colour) -> f64 {
    (1.0 + 0.05) / (relative_luminance(colour) + 0.05)
}

/// The colour an sRGB gradient shows at `step / steps` of the way from `from` to `to`.
fn blend(from: Colour, to: Colour, step: u32, steps: u32) -> Colour {
    let mix = |a: u8, b: u8| {
        let (a, b) = (f64::from(a), f64::from(b));
        let value = a + (b - a) * f64::from(step) / f64::from(steps);
        value.round().clamp(0.0, 255.0) as u8
    };
    Colour {
        red: mix(from.red, to.red),
        green: mix(from.green, to.green),
        blue: mix(from.blue, to.blue),
    }
}

#[test]
fn white_text_has_aa_contrast_on_every_palette_colour() {
    for colour in PALETTE {
        let ratio = contrast_with_white(colour);
        assert!(ratio >= 4.5, "{} has contrast {ratio:.2}", colour.hex());
    }
}

#[test]
fn white_text_has_aa_contrast_along_every_gradient() {
    for (index, &from) in PALETTE.iter().enumerate() {
        let to = colour_at(index + 1);
        for step in 0..=20 {
            let colour = blend(from, to, step, 20);
            let ratio = contrast_with_white(colour);
            assert!(ratio >= 4.5, "{} has contrast {ratio:.2}", colour.hex());
        }
    }
}

#[test]
fn the_contrast_function_matches_known_values() {
    // White on black is 21:1, white on white 1:1, white on #767676 just over 4.5:1.
    assert!((contrast_with_white(Colour::new(0x000000)) - 21.0).abs() < 1e-9);
    assert!((contrast_with_white(Colour::new(0xffffff)) - 1.0).abs() < 1e-9);
    let grey = contrast_with_white(Colour::new(0x767676));
    assert!((4.5..4.6).contains(&grey), "{grey}");
}

#[test]
fn palette_colours_are_distinct() {
    for (i, a) in PALETTE.iter().enumerate() {
        for b in PALETTE.iter().skip(i + 1) {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn hex_is_lowercase_css() {
    assert_eq!(Colour::new(0x0b5cad).hex(), "#0b5cad");
    assert_eq!(Colour::new(0x000000).hex(), "#000000");
}

#[test]
fn fnv1a_matches_the_reference_vectors() {
    assert_eq!(fnv1a(b""), 0x811c_9dc5);
    assert_eq!(fnv1a(b"a"), 0xe40c_292c);
    assert_eq!(fnv1a(b"foobar"), 0xbf9c_f968);
}

#[test]
fn a_name_keeps_its_colour_whatever_its_case_and_blanks() {
    assert_eq!(index_for("Capital One"), index_for("  capital   ONE "));
}

#[test]
fn colour_at_wraps_around_the_wheel() {
    assert_eq!(colour_at(PALETTE.len()), PALETTE[0]);
    assert_eq!(colour_at(usize::MAX), PALETTE[usize::MAX % PALETTE.len()]);
}
