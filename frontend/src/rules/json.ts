/**
 * JSON exactly as the Rust crates read and write it (`serde_json` 1.x with its default
 * features, as the workspace builds it), and the tolerant field readers of
 * `visitor_state::json` (`flag`, `text`, `small_number`, `text_list`).
 *
 * Why not `JSON.parse`: the sign-on cookie and stored user info are read by the tolerant
 * readers, which turn a number into its text (`17` → `"17"`, `1.0` → `"1.0"`,
 * `1e20` → `"1e+20"`). That text depends on how `serde_json` parsed the literal (an
 * integer up to 64 bits stays exact; anything else becomes an f64 by `serde_json`'s own
 * arithmetic) and how it prints an f64 (`zmij`: shortest round-trip digits, positional
 * for exponents −5 to 15, with `.0` on whole numbers). `JSON.parse` loses the first and
 * JavaScript's `String(number)` differs on the second. This module reproduces both, and
 * `serde_json`'s strictness: at most 128 nested arrays/objects, no lone surrogate
 * escapes, no number out of f64 range.
 *
 * Objects are `Map`s (later duplicate keys win, as in `serde_json`); `toJsonText` writes
 * keys in code-point order, as `serde_json`'s `BTreeMap`-backed objects do.
 *
 * Helper shared by signOn, userInfo and savedProducts; checked through their tables.
 */

import { asciiLowercase, compareCodePoints, trim } from "./text";

/** A JSON number as `serde_json` holds it: a 64-bit integer, or an f64. */
export class JsonNumber {
  private constructor(
    /** `posInt` (fits u64), `negInt` (fits i64) or `float`. */
    readonly kind: "posInt" | "negInt" | "float",
    /** The integer value (0 for a float). */
    readonly integer: bigint,
    /** The value as an f64 (exact for a float). */
    readonly float: number,
  ) {}

  static posInt(value: bigint): JsonNumber {
    return new JsonNumber("posInt", value, Number(value));
  }

  static negInt(value: bigint): JsonNumber {
    return new JsonNumber("negInt", value, Number(value));
  }

  static float(value: number): JsonNumber {
    return new JsonNumber("float", 0n, value);
  }

  /** The text `serde_json` writes for this number (its `Display`). */
  toString(): string {
    return this.kind === "float" ? formatF64(this.float) : this.integer.toString();
  }
}

/** A JSON value with numbers kept as `serde_json` reads them. */
export type JsonValue = null | boolean | string | JsonNumber | JsonArray | JsonObject;
/** A JSON array. */
export type JsonArray = readonly JsonValue[];
/** A JSON object. */
export type JsonObject = ReadonlyMap<string, JsonValue>;

/** The kind of a JSON value (`visitor_state::json::JsonKind`). */
export type JsonKind = "null" | "boolean" | "number" | "string" | "array" | "object";

/** The kind of `value`. */
export function jsonKind(value: JsonValue): JsonKind {
  if (value === null) return "null";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "string") return "string";
  if (value instanceof JsonNumber) return "number";
  if (value instanceof Map) return "object";
  return "array";
}

/** Whether `value` is a JSON object. */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return value instanceof Map;
}

/** Whether `value` is a JSON array. */
export function isJsonArray(value: JsonValue | undefined): value is JsonArray {
  return Array.isArray(value);
}

// Number text ---------------------------------------------------------------------------

/**
 * An f64 as `zmij` writes it (`serde_json`'s float `Display`): the shortest digits that
 * read back to the same f64; positional when the decimal exponent is −5 to 15 (a whole
 * number gets `.0`), otherwise `d.ddde+N` / `d.ddde-N`. Zero is `0.0` (`-0.0`).
 */
export function formatF64(value: number): string {
  if (value === 0) return Object.is(value, -0) ? "-0.0" : "0.0";
  const sign = value < 0 ? "-" : "";
  const [mantissaText = "0", exponentText = "0"] = Math.abs(value).toExponential().split("e");
  const digits = mantissaText.replace(".", "");
  const exponent = Number(exponentText);
  if (exponent >= -5 && exponent <= 15) {
    if (digits.length - 1 <= exponent) {
      return `${sign}${digits}${"0".repeat(exponent - (digits.length - 1))}.0`;
    }
    if (exponent >= 0) {
      return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
    }
    return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  }
  const head = digits.length > 1 ? `${digits[0] ?? ""}.${digits.slice(1)}` : digits;
  return `${sign}${head}e${exponent >= 0 ? "+" : "-"}${Math.abs(exponent)}`;
}

// Parsing -------------------------------------------------------------------------------

/** Why text is not JSON. */
export class JsonSyntaxError extends Error {}

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN_MAGNITUDE = 1n << 63n;
const I32_MAX = 2147483647;
const RECURSION_LIMIT = 128;
const POW10: number[] = Array.from({ length: 309 }, (_, i) => Number(`1e${i}`));

/** `serde_json`'s f64 from a u64 significand and a decimal exponent (its default, non-`float_roundtrip` arithmetic). */
function f64FromParts(positive: boolean, significand: bigint, exponent: number): number {
  let f = Number(significand);
  let exp = exponent;
  for (;;) {
    const pow = Math.abs(exp) < POW10.length ? POW10[Math.abs(exp)] : undefined;
    if (pow !== undefined) {
      if (exp >= 0) {
        f *= pow;
        if (!Number.isFinite(f)) throw new JsonSyntaxError("number out of range");
      } else {
        f /= pow;
      }
      break;
    }
    if (f === 0) break;
    if (exp >= 0) throw new JsonSyntaxError("number out of range");
    f /= 1e308;
    exp += 308;
  }
  return positive ? f : -f;
}

class Parser {
  private index = 0;
  private depth = RECURSION_LIMIT;
  /** When set, the members of the outermost object in order, duplicates included. */
  topMembers: Array<[string, JsonValue]> | null = null;

  constructor(private readonly text: string) {}

  parseDocument(): JsonValue {
    const value = this.parseValue();
    this.skipWhiteSpace();
    if (this.index < this.text.length) throw new JsonSyntaxError("trailing characters");
    return value;
  }

  private peek(): string | undefined {
    return this.text[this.index];
  }

  private skipWhiteSpace(): void {
    for (;;) {
      const c = this.peek();
      if (c === " " || c === "\n" || c === "\t" || c === "\r") this.index += 1;
      else return;
    }
  }

  private expectLiteral(word: string): void {
    if (this.text.startsWith(word, this.index)) this.index += word.length;
    else throw new JsonSyntaxError(`expected ${word}`);
  }

  private parseValue(): JsonValue {
    this.skipWhiteSpace();
    const c = this.peek();
    switch (c) {
      case undefined:
        throw new JsonSyntaxError("EOF while parsing a value");
      case "n":
        this.expectLiteral("null");
        return null;
      case "t":
        this.expectLiteral("true");
        return true;
      case "f":
        this.expectLiteral("false");
        return false;
      case '"':
        return this.parseString();
      case "[":
        return this.nested(() => this.parseArray());
      case "{":
        return this.nested(() => this.parseObject());
      default:
        if (c === "-" || (c >= "0" && c <= "9")) return this.parseNumber();
        throw new JsonSyntaxError("expected value");
    }
  }

  private nested<T>(parse: () => T): T {
    this.depth -= 1;
    if (this.depth === 0) throw new JsonSyntaxError("recursion limit exceeded");
    const value = parse();
    this.depth += 1;
    return value;
  }

  private parseArray(): JsonArray {
    this.index += 1;
    const items: JsonValue[] = [];
    this.skipWhiteSpace();
    if (this.peek() === "]") {
      this.index += 1;
      return items;
    }
    for (;;) {
      items.push(this.parseValue());
      this.skipWhiteSpace();
      const c = this.peek();
      this.index += 1;
      if (c === "]") return items;
      if (c !== ",") throw new JsonSyntaxError("expected , or ]");
    }
  }

  private parseObject(): JsonObject {
    const outermost = this.depth === RECURSION_LIMIT - 1;
    const members: Array<[string, JsonValue]> = [];
    if (outermost) this.topMembers = members;
    this.index += 1;
    const fields = new Map<string, JsonValue>();
    this.skipWhiteSpace();
    if (this.peek() === "}") {
      this.index += 1;
      return fields;
    }
    for (;;) {
      this.skipWhiteSpace();
      if (this.peek() !== '"') throw new JsonSyntaxError("key must be a string");
      const key = this.parseString();
      this.skipWhiteSpace();
      if (this.peek() !== ":") throw new JsonSyntaxError("expected :");
      this.index += 1;
      const value = this.parseValue();
      fields.set(key, value);
      members.push([key, value]);
      this.skipWhiteSpace();
      const c = this.peek();
      this.index += 1;
      if (c === "}") return fields;
      if (c !== ",") throw new JsonSyntaxError("expected , or }");
    }
  }

  private hexEscape(): number {
    const hex = this.text.slice(this.index, this.index + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError("invalid escape");
    this.index += 4;
    return parseInt(hex, 16);
  }

  private parseString(): string {
    this.index += 1;
    let out = "";
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new JsonSyntaxError("EOF while parsing a string");
      this.index += 1;
      if (c === '"') return out;
      if (c === "\\") {
        const e = this.peek();
        this.index += 1;
        switch (e) {
          case '"':
          case "\\":
          case "/":
            out += e;
            break;
          case "b":
            out += "\b";
            break;
          case "f":
            out += "\f";
            break;
          case "n":
            out += "\n";
            break;
          case "r":
            out += "\r";
            break;
          case "t":
            out += "\t";
            break;
          case "u": {
            const first = this.hexEscape();
            if (first >= 0xdc00 && first <= 0xdfff) throw new JsonSyntaxError("lone surrogate");
            if (first >= 0xd800 && first <= 0xdbff) {
              if (this.text.slice(this.index, this.index + 2) !== "\\u") {
                throw new JsonSyntaxError("unexpected end of hex escape");
              }
              this.index += 2;
              const second = this.hexEscape();
              if (second < 0xdc00 || second > 0xdfff) throw new JsonSyntaxError("lone surrogate");
              out += String.fromCharCode(first, second);
            } else {
              out += String.fromCharCode(first);
            }
            break;
          }
          default:
            throw new JsonSyntaxError("invalid escape");
        }
      } else if (c.charCodeAt(0) < 0x20) {
        throw new JsonSyntaxError("control character while parsing a string");
      } else {
        out += c;
      }
    }
  }

  private digit(): number | undefined {
    const c = this.peek();
    return c !== undefined && c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : undefined;
  }

  private parseNumber(): JsonNumber {
    let positive = true;
    if (this.peek() === "-") {
      positive = false;
      this.index += 1;
    }
    const first = this.digit();
    if (first === undefined) throw new JsonSyntaxError("invalid number");
    this.index += 1;
    let significand = BigInt(first);
    let exponent = 0;
    let overflowed = false;
    if (first === 0) {
      if (this.digit() !== undefined) throw new JsonSyntaxError("invalid number");
    } else {
      for (let d = this.digit(); d !== undefined; d = this.digit()) {
        this.index += 1;
        if (overflowed) {
          exponent += 1;
        } else if (significand * 10n + BigInt(d) > U64_MAX) {
          overflowed = true;
          exponent += 1;
        } else {
          significand = significand * 10n + BigInt(d);
        }
      }
    }
    const c = this.peek();
    if (c === ".") return JsonNumber.float(this.parseDecimalPart(positive, significand, exponent));
    if (c === "e" || c === "E") {
      return JsonNumber.float(this.parseExponent(positive, significand, exponent));
    }
    if (overflowed) return JsonNumber.float(f64FromParts(positive, significand, exponent));
    if (positive) return JsonNumber.posInt(significand);
    if (significand === 0n || significand > I64_MIN_MAGNITUDE) {
      return JsonNumber.float(-Number(significand));
    }
    return JsonNumber.negInt(-significand);
  }

  private parseDecimalPart(positive: boolean, start: bigint, exponentBefore: number): number {
    this.index += 1;
    let significand = start;
    let after = 0;
    let overflowed = false;
    let sawDigit = false;
    for (let d = this.digit(); d !== undefined; d = this.digit()) {
      this.index += 1;
      sawDigit = true;
      if (overflowed) continue;
      if (significand * 10n + BigInt(d) > U64_MAX) {
        overflowed = true;
        continue;
      }
      significand = significand * 10n + BigInt(d);
      after -= 1;
    }
    if (!sawDigit) throw new JsonSyntaxError("invalid number");
    const exponent = exponentBefore + after;
    const c = this.peek();
    if (c === "e" || c === "E") return this.parseExponent(positive, significand, exponent);
    return f64FromParts(positive, significand, exponent);
  }

  private parseExponent(positive: boolean, significand: bigint, startingExp: number): number {
    this.index += 1;
    let positiveExp = true;
    if (this.peek() === "+") {
      this.index += 1;
    } else if (this.peek() === "-") {
      positiveExp = false;
      this.index += 1;
    }
    const first = this.digit();
    if (first === undefined) throw new JsonSyntaxError("invalid number");
    this.index += 1;
    let exp = first;
    for (let d = this.digit(); d !== undefined; d = this.digit()) {
      this.index += 1;
      if (exp > Math.floor(I32_MAX / 10) || (exp === Math.floor(I32_MAX / 10) && d > I32_MAX % 10)) {
        // serde_json: a huge positive exponent is out of range, a huge negative one is 0.
        if (significand !== 0n && positiveExp) throw new JsonSyntaxError("number out of range");
        while (this.digit() !== undefined) this.index += 1;
        return positive ? 0 : -0;
      }
      exp = exp * 10 + d;
    }
    const total = positiveExp ? startingExp + exp : startingExp - exp;
    const saturated = Math.max(-I32_MAX - 1, Math.min(I32_MAX, total));
    return f64FromParts(positive, significand, saturated);
  }
}

/** Parses JSON text as `serde_json::from_str::<Value>` does; throws `JsonSyntaxError` where it fails. */
export function parseJsonOrThrow(text: string): JsonValue {
  return new Parser(text).parseDocument();
}

/** Parses JSON text as `serde_json::from_str::<Value>` does; `{ ok: false, error }` where it fails. */
export function parseJson(text: string): { ok: true; value: JsonValue } | { ok: false; error: string } {
  try {
    return { ok: true, value: parseJsonOrThrow(text) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Parses JSON text that must be an object and gives its members in order, duplicate keys
 * included: what a Rust type that deserializes straight from the text (not through a
 * `Value`) sees. Nested objects are `Map`s as usual. `null` when the text is not JSON or
 * not an object.
 */
export function parseJsonMembers(text: string): Array<[string, JsonValue]> | null {
  const parser = new Parser(text);
  try {
    const value = parser.parseDocument();
    return isJsonObject(value) ? parser.topMembers : null;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return null;
    throw error;
  }
}

/** The `serde_json` number of a JavaScript number, as read from the text `JSON.stringify` writes for it. */
function numberFromJs(value: number): JsonValue {
  if (!Number.isFinite(value)) return null;
  const parsed = parseJsonOrThrow(JSON.stringify(value));
  return parsed;
}

/**
 * A JavaScript value (such as the result of `JSON.parse`, or state held by the page) as
 * the `serde_json::Value` that reading `JSON.stringify(value)` would give: numbers as
 * their JSON text reads, `undefined` object members dropped, other non-JSON values as
 * `null`.
 */
export function fromJs(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return numberFromJs(value);
  if (typeof value === "bigint") {
    return value >= 0n ? JsonNumber.posInt(value) : JsonNumber.negInt(value);
  }
  if (value instanceof JsonNumber) return value;
  if (value instanceof Map) {
    const fields = new Map<string, JsonValue>();
    for (const [key, item] of value) if (typeof key === "string") fields.set(key, fromJs(item));
    return fields;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fromJs(item));
  if (typeof value === "object") {
    const fields = new Map<string, JsonValue>();
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined && typeof item !== "function") fields.set(key, fromJs(item));
    }
    return fields;
  }
  return null;
}

// Writing -------------------------------------------------------------------------------

/** A JSON string literal as `serde_json` writes it. */
export function jsonString(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (c === '"') out += '\\"';
    else if (c === "\\") out += "\\\\";
    else if (c === "\n") out += "\\n";
    else if (c === "\r") out += "\\r";
    else if (c === "\t") out += "\\t";
    else if (c === "\b") out += "\\b";
    else if (c === "\f") out += "\\f";
    else if (code < 0x20) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return `${out}"`;
}

/** Compact JSON text as `serde_json::to_string` writes a `Value` (object keys in code-point order). */
export function toJsonText(value: JsonValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return jsonString(value);
  if (value instanceof JsonNumber) return value.toString();
  if (isJsonObject(value)) {
    const keys = [...value.keys()].sort(compareCodePoints);
    const members = keys.map((key) => `${jsonString(key)}:${toJsonText(value.get(key) ?? null)}`);
    return `{${members.join(",")}}`;
  }
  return `[${value.map((item) => toJsonText(item)).join(",")}]`;
}

// Tolerant field readers (visitor_state::json) ------------------------------------------

const TRUE_WORDS = ["1", "true", "y", "yes", "on"];

/**
 * Reads a flag: `true`, a non-zero number, or a string that is `1`, `true`, `y`, `yes` or
 * `on` (trimmed, ASCII case ignored); everything else is false (`json::flag`).
 */
export function readFlag(value: JsonValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "boolean") return value;
  if (value instanceof JsonNumber) {
    return value.kind === "float" ? Math.abs(value.float) > 0 : value.integer !== 0n;
  }
  if (typeof value === "string") return TRUE_WORDS.includes(asciiLowercase(trim(value)));
  return false;
}

/** Reads a text: a non-empty string as is, a number as its JSON text; otherwise absent (`json::text`). */
export function readText(value: JsonValue | undefined): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (value instanceof JsonNumber) return value.toString();
  return null;
}

/**
 * Reads a non-negative integer no larger than `max`: an integer JSON number, or a string
 * holding one (trimmed; an optional leading `+`, as Rust's `u64` parser allows)
 * (`json::small_number`).
 */
export function readSmallNumber(value: JsonValue | undefined, max: number): number | null {
  let parsed: bigint | null = null;
  if (value instanceof JsonNumber) {
    parsed = value.kind === "posInt" ? value.integer : null;
  } else if (typeof value === "string") {
    const text = trim(value);
    parsed = /^\+?[0-9]+$/.test(text) ? BigInt(text.replace("+", "")) : null;
    if (parsed !== null && parsed > U64_MAX) parsed = null;
  }
  return parsed !== null && parsed <= BigInt(max) ? Number(parsed) : null;
}

/**
 * Reads a text list: an array whose items are read as text (unusable items skipped), or
 * one string split on commas (items trimmed, empty ones skipped) (`json::text_list`).
 */
export function readTextList(value: JsonValue | undefined): string[] {
  if (isJsonArray(value)) {
    return value.map((item) => readText(item)).filter((item): item is string => item !== null);
  }
  if (typeof value === "string") {
    return value
      .split(",")
      .map((item) => trim(item))
      .filter((item) => item !== "");
  }
  return [];
}
