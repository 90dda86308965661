import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { creditCardOffer, institutionOffer } from "../../test/offers";
import { LARGE_BANK_NOTE, LARGE_BANK_NOTE_ID, LargeBankAsterisk, LargeBankNote, anyLargeBankAsterisk, shownIssuer } from "./LargeBankNote";

const FOOTNOTE = "* We have no business relationship with this issuer; the figures come from public data.";

describe("large-bank asterisk", () => {
  it("is a link to the page's footnote, described by it", () => {
    render(
      <>
        <LargeBankAsterisk offer={creditCardOffer({ largeBankAsterisk: true })} />
        <LargeBankNote offers={[creditCardOffer({ largeBankAsterisk: true })]} />
      </>,
    );
    const asterisk = screen.getByRole("link", { name: "*" });
    expect(asterisk).toHaveAttribute("href", `#${LARGE_BANK_NOTE_ID}`);
    expect(asterisk).toHaveAttribute("aria-describedby", LARGE_BANK_NOTE_ID);
    expect(asterisk).toHaveAccessibleDescription(FOOTNOTE);
  });

  it("is not shown for an offer without the mark", () => {
    const { container } = render(
      <>
        <LargeBankAsterisk offer={creditCardOffer()} />
        <LargeBankAsterisk offer={creditCardOffer({ largeBankAsterisk: false })} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe("large-bank footnote", () => {
  it("says the spec's sentence once when any offer shown is marked", () => {
    render(<LargeBankNote offers={[creditCardOffer(), creditCardOffer({ id: "card-2", largeBankAsterisk: true }), creditCardOffer({ id: "card-3", largeBankAsterisk: true })]} />);
    const notes = screen.getAllByText(FOOTNOTE);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveAttribute("id", LARGE_BANK_NOTE_ID);
    expect(LARGE_BANK_NOTE).toBe(FOOTNOTE.slice(2));
  });

  it("is left out when no offer shown is marked", () => {
    const { container } = render(<LargeBankNote offers={[creditCardOffer(), institutionOffer()]} />);
    expect(container).toBeEmptyDOMElement();
    expect(anyLargeBankAsterisk([])).toBe(false);
  });
});

describe("shownIssuer", () => {
  it("is the issuer, or a marked institution's own name", () => {
    expect(shownIssuer(creditCardOffer())).toBe("Example Bank");
    expect(shownIssuer(institutionOffer())).toBeUndefined();
    expect(shownIssuer(institutionOffer({ largeBankAsterisk: true }))).toBe("First Example Bank");
    expect(shownIssuer(institutionOffer({ issuer: "First Example Bank, N.A.", largeBankAsterisk: true }))).toBe("First Example Bank, N.A.");
  });
});
