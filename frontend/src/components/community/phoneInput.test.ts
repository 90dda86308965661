import { describe, expect, it } from "vitest";

import { editPhone, formatPartialPhone, phoneDigits } from "./phoneInput";

/** `text` with a `|` where the caret is, as `editPhone` answers. */
function shown(edit: { text: string; caret: number }): string {
  return `${edit.text.slice(0, edit.caret)}|${edit.text.slice(edit.caret)}`;
}

/** Splits "(555|) 01" into the text and the caret position. */
function at(marked: string): [string, number] {
  return [marked.replace("|", ""), marked.indexOf("|")];
}

describe("formatPartialPhone", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5550", "(555) 0"],
    ["55501", "(555) 01"],
    ["555010", "(555) 010"],
    ["5550104", "(555) 010-4"],
    ["5550104567", "(555) 010-4567"],
    ["55501045678", "(555) 010-4567"],
  ])("%s → %s", (digits, text) => {
    expect(formatPartialPhone(digits)).toBe(text);
  });
});

describe("phoneDigits", () => {
  it.each([
    ["(555) 010-4567", "5550104567"],
    ["+1 (555) 010-4567", "5550104567"],
    ["555.010.4567 ", "5550104567"],
    ["5550104567999", "5550104567"],
    ["ab5c5", "55"],
    ["", ""],
  ])("%s → %s", (text, digits) => {
    expect(phoneDigits(text)).toBe(digits);
  });
});

describe("editPhone", () => {
  it("formats as digits are typed at the end", () => {
    expect(shown(editPhone(...at("(5551|"), "(555", null))).toBe("(555) 1|");
    expect(shown(editPhone(...at("(555) 0104|"), "(555) 010", null))).toBe("(555) 010-4|");
  });

  it("keeps the caret after a digit typed in the middle", () => {
    expect(shown(editPhone(...at("(5559|) 010-4567"), "(555) 010-4567", null))).toBe("(555) 9|01-0456");
    expect(shown(editPhone(...at("(55|) 010-4567"), "(555) 010-4567", "backward"))).toBe("(55|0) 104-567");
  });

  it("deletes the digit before a separator Backspace removed", () => {
    // Backspace just after ") " removes the space; the 3rd digit goes instead.
    expect(shown(editPhone(...at("(555)| 010-4567"), "(555) 010-4567", "backward"))).toBe("(55|0) 104-567");
    expect(shown(editPhone(...at("(555) 010|4567"), "(555) 010-4567", "backward"))).toBe("(555) 01|4-567");
  });

  it("deletes the digit after a separator Delete removed", () => {
    expect(shown(editPhone(...at("(555) 010|4567"), "(555) 010-4567", "forward"))).toBe("(555) 010|-567");
  });

  it("empties the field when the last digit goes", () => {
    expect(shown(editPhone(...at("(|"), "(5", "backward"))).toBe("|");
  });

  it("takes a pasted number with its country code, at most ten digits", () => {
    expect(shown(editPhone(...at("+1 555 010 4567|"), "", null))).toBe("(555) 010-4567|");
    expect(shown(editPhone(...at("(555) 010-45678|"), "(555) 010-4567", null))).toBe("(555) 010-4567|");
  });
});
