import { describe, expect, it } from "vitest";

import {
  JsonNumber,
  formatF64,
  fromJs,
  parseJson,
  readFlag,
  readSmallNumber,
  readText,
  readTextList,
  toJsonText,
} from "./json";

function value(text: string) {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const numberText = (text: string): string | null => readText(value(text));

describe("JSON as serde_json reads and writes it", () => {
  it("keeps 64-bit integers exact and prints floats as zmij does", () => {
    expect(numberText("17")).toBe("17");
    expect(numberText("18446744073709551615")).toBe("18446744073709551615");
    expect(numberText("18446744073709551616")).toBe("1.8446744073709552e+19");
    expect(numberText("-9223372036854775808")).toBe("-9223372036854775808");
    expect(numberText("-9223372036854775809")).toBe("-9.223372036854776e+18");
    expect(numberText("-0")).toBe("-0.0");
    expect(numberText("1.0")).toBe("1.0");
    expect(numberText("1e2")).toBe("100.0");
    expect(numberText("1.5e15")).toBe("1500000000000000.0");
    expect(numberText("1e16")).toBe("1e+16");
    expect(numberText("0.00001")).toBe("0.00001");
    expect(numberText("0.000001")).toBe("1e-6");
    expect(numberText("123.456")).toBe("123.456");
    expect(numberText("1e-400")).toBe("0.0");
  });

  it("formats f64 values like zmij", () => {
    expect(formatF64(0)).toBe("0.0");
    expect(formatF64(-1.5)).toBe("-1.5");
    expect(formatF64(1.2345678901234568e17)).toBe("1.2345678901234568e+17");
    expect(formatF64(5e-324)).toBe("5e-324");
  });

  it("refuses what serde_json refuses", () => {
    for (const bad of ["", "01", "1.", ".5", "+1", "[1,]", '{"a":1,}', "1e400", '"\\ud800"', '"\\udc00"', '"a\nb"', "nul", "1 2"]) {
      expect(parseJson(bad).ok, bad).toBe(false);
    }
    expect(parseJson(`${"[".repeat(127)}${"]".repeat(127)}`).ok).toBe(true);
    expect(parseJson(`${"[".repeat(128)}${"]".repeat(128)}`).ok).toBe(false);
  });

  it("lets a later duplicate key win and writes keys in code-point order", () => {
    expect(toJsonText(value('{"b":1,"a":[true,null,"x\\u0001"],"b":2}'))).toBe('{"a":[true,null,"x\\u0001"],"b":2}');
    expect(toJsonText(value('{"\\uffff":1,"\\ud83d\\ude00":2}'))).toBe('{"\uffff":1,"😀":2}');
  });

  it("reads JavaScript values as serde_json reads their JSON text", () => {
    expect(fromJs({ a: 1, b: undefined, c: [1.5, "x"] })).toEqual(
      new Map<string, unknown>([
        ["a", JsonNumber.posInt(1n)],
        ["c", [JsonNumber.float(1.5), "x"]],
      ]),
    );
    expect(readText(fromJs(1e21))).toBe("1e+21");
  });
});

describe("tolerant field readers", () => {
  it("reads flags", () => {
    for (const yes of ["true", "1", "0.5", '"YES"', '" on "', '"y"']) expect(readFlag(value(yes)), yes).toBe(true);
    for (const no of ["false", "0", "0.0", '"0"', '""', '"no"', "null", "[1]", "{}"]) expect(readFlag(value(no)), no).toBe(false);
  });

  it("reads texts, small numbers and text lists", () => {
    expect(readText(value('""'))).toBeNull();
    expect(readText(value("true"))).toBeNull();
    expect(readSmallNumber(value("720"), 65535)).toBe(720);
    expect(readSmallNumber(value('" +720 "'), 65535)).toBe(720);
    expect(readSmallNumber(value("70000"), 65535)).toBeNull();
    expect(readSmallNumber(value("-1"), 65535)).toBeNull();
    expect(readSmallNumber(value("720.0"), 65535)).toBeNull();
    expect(readTextList(value('["a", 2, null, ""]'))).toEqual(["a", "2"]);
    expect(readTextList(value('" a, ,b "'))).toEqual(["a", "b"]);
  });
});
