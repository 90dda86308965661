import { describe, expect, it } from "vitest";

import { compactJson, isJsonObject, parseJson, readFlag, readSmallNumber, readText, readTextList } from "./json";
import { jsonReadsDifferently } from "./vectorTables";

const numberText = (text: string): string | null => readText(parseJson(text));

describe("JSON as the browser reads it (JSON.parse)", () => {
  it("reads a number as JavaScript writes it; serde_json's text differs only where the predicate says so", () => {
    // literal, the browser's text, serde_json's text
    const numbers: Array<[string, string, string]> = [
      ["17", "17", "17"],
      ["-7", "-7", "-7"],
      ["123.456", "123.456", "123.456"],
      ["0.00001", "0.00001", "0.00001"],
      ["18446744073709551615", "18446744073709552000", "18446744073709551615"],
      ["18446744073709551616", "18446744073709552000", "1.8446744073709552e+19"],
      ["-9223372036854775808", "-9223372036854776000", "-9223372036854775808"],
      ["100000000000000000000", "100000000000000000000", "1e+20"],
      ["-0", "0", "-0.0"],
      ["1.0", "1", "1.0"],
      ["1e2", "100", "100.0"],
      ["1.5e15", "1500000000000000", "1500000000000000.0"],
      ["1e16", "10000000000000000", "1e+16"],
      ["0.000001", "0.000001", "1e-6"],
      ["1e-400", "0", "0.0"],
    ];
    for (const [literal, browser, rust] of numbers) {
      expect(numberText(literal), literal).toBe(browser);
      expect(jsonReadsDifferently(`{"n":${literal}}`), literal).toBe(browser !== rust);
    }
  });

  it("refuses malformed text; reads what only serde_json refuses, and the predicate selects it", () => {
    for (const bad of ["", "01", "1.", ".5", "+1", "[1,]", '{"a":1,}', '"a\nb"', "nul", "1 2", "{oops"]) {
      expect(parseJson(bad), bad).toBeUndefined();
    }
    const deep = `${"[".repeat(128)}${"]".repeat(128)}`;
    for (const onlySerdeRefuses of ["1e400", '"\\ud800"', '"\\udc00"', deep]) {
      expect(parseJson(onlySerdeRefuses), onlySerdeRefuses).not.toBeUndefined();
      expect(jsonReadsDifferently(onlySerdeRefuses), onlySerdeRefuses).toBe(true);
    }
    expect(jsonReadsDifferently(`${"[".repeat(127)}${"]".repeat(127)}`)).toBe(false);
    expect(jsonReadsDifferently('"\\ud83d\\ude00"')).toBe(false);
  });

  it("keeps the later of repeated keys, as serde_json does for a JSON value", () => {
    expect(parseJson('{"b":1,"a":[true,null,"x"],"b":2}')).toEqual({ a: [true, null, "x"], b: 2 });
    expect(isJsonObject(parseJson("{}"))).toBe(true);
    expect(isJsonObject(parseJson("[]"))).toBe(false);
    expect(isJsonObject(parseJson("null"))).toBe(false);
  });

  it("writes compact JSON in the record's order without absent values, false flags or empty lists", () => {
    expect(compactJson({ b: "x\u0001\"", a: null, c: false, d: [], e: true, f: 0, g: "", h: { i: false, j: ["k"] } })).toBe(
      '{"b":"x\\u0001\\"","e":true,"f":0,"g":"","h":{"j":["k"]}}',
    );
  });

  it("reads JavaScript numbers as their text", () => {
    expect(readText(1.5)).toBe("1.5");
    expect(readText(1e21)).toBe("1e+21");
  });
});

describe("tolerant field readers", () => {
  it("reads flags", () => {
    for (const yes of ["true", "1", "0.5", '"YES"', '" on "', '"y"']) expect(readFlag(parseJson(yes)), yes).toBe(true);
    for (const no of ["false", "0", "0.0", '"0"', '""', '"no"', "null", "[1]", "{}"]) expect(readFlag(parseJson(no)), no).toBe(false);
    expect(readFlag(undefined)).toBe(false);
  });

  it("reads texts, small numbers and text lists", () => {
    expect(readText(parseJson('""'))).toBeNull();
    expect(readText(parseJson("true"))).toBeNull();
    expect(readText(undefined)).toBeNull();
    expect(readSmallNumber(parseJson("720"), 65535)).toBe(720);
    expect(readSmallNumber(parseJson('" +720 "'), 65535)).toBe(720);
    expect(readSmallNumber(parseJson('"99999999999999999999999"'), 65535)).toBeNull();
    expect(readSmallNumber(parseJson("70000"), 65535)).toBeNull();
    expect(readSmallNumber(parseJson("-1"), 65535)).toBeNull();
    expect(readSmallNumber(parseJson("720.5"), 65535)).toBeNull();
    // `720.0` is a float to serde_json (absent) and 720 to JavaScript: input the site never writes.
    expect(readSmallNumber(parseJson("720.0"), 65535)).toBe(720);
    expect(jsonReadsDifferently("720.0")).toBe(true);
    expect(readTextList(parseJson('["a", 2, null, ""]'))).toEqual(["a", "2"]);
    expect(readTextList(parseJson('" a, ,b "'))).toEqual(["a", "b"]);
  });
});
