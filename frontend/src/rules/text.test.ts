import { describe, expect, it } from "vitest";

import {
  charCount,
  collapseWhiteSpace,
  compareCodePoints,
  isWhiteSpaceCode,
  trim,
  utf8Decode,
  utf8Encode,
  utf8Length,
  wordCount,
} from "./text";
import { table } from "./vectorTables";

describe("qna-validation.json whiteSpace", () => {
  it.each(table<string, boolean>("qna-validation", "whiteSpace"))("%s", (_, { input, expected }) => {
    expect(charCount(input)).toBe(1);
    expect(isWhiteSpaceCode(input.codePointAt(0) ?? -1)).toBe(expected);
  });
});

describe("qna-validation.json charCount", () => {
  it.each(table<string, number>("qna-validation", "charCount"))("%s", (_, { input, expected }) => {
    expect(charCount(input)).toBe(expected);
  });
});

describe("qna-validation.json wordCount", () => {
  it.each(table<string, number>("qna-validation", "wordCount"))("%s", (_, { input, expected }) => {
    expect(wordCount(input)).toBe(expected);
  });
});

describe("text helpers", () => {
  it("trims Unicode White_Space only", () => {
    expect(trim("\u00a0 a b \n")).toBe("a b");
    expect(trim("\u0085x\u0085")).toBe("x");
    expect(trim("\ufeffx")).toBe("\ufeffx");
    expect(collapseWhiteSpace(" a \n\n b  c ")).toBe("a b c");
  });

  it("encodes and strictly decodes UTF-8", () => {
    expect([...utf8Encode("é€😀")]).toEqual([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
    expect(utf8Length("é😀")).toBe(6);
    expect(utf8Decode([0xc3, 0xa9])).toBe("é");
    expect(utf8Decode([0xc3])).toBeNull();
    expect(utf8Decode([0xff])).toBeNull();
    expect(utf8Decode([0xc0, 0xaf])).toBeNull();
    expect(utf8Decode([0xed, 0xa0, 0x80])).toBeNull();
    expect(utf8Decode([0xf4, 0x90, 0x80, 0x80])).toBeNull();
  });

  it("orders strings by code point, as Rust does", () => {
    expect(compareCodePoints("\uffff", "😀")).toBe(-1);
    expect(compareCodePoints("123", "45")).toBe(-1);
    expect(compareCodePoints("a", "a")).toBe(0);
  });
});
