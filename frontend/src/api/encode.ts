/** Query-string and form encoding of request data. */

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue>;

/** Form-encodes the data; null and undefined values are left out rather than sent as text. */
export function encodeParams(data: Params | undefined): string {
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(data ?? {})) {
    if (value === null || value === undefined) continue;
    pairs.append(name, String(value));
  }
  return pairs.toString();
}

export function withQuery(url: string, data: Params | undefined): string {
  const query = encodeParams(data);
  if (!query) return url;
  return url + (url.includes("?") ? "&" : "?") + query;
}

/** JSON bodies drop the same values the form encoding drops, so both read alike on the server. */
export function encodeJson(data: Params | undefined): string {
  const kept: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(data ?? {})) {
    if (value !== null && value !== undefined) kept[name] = value;
  }
  return JSON.stringify(kept);
}
