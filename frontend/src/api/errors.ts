/** The one shape every failed request takes (site-core §8). */

/** Types as the spec spells them (including `maintainance` and `malformated json`). */
export type RequestErrorType =
  | "maintainance"
  | "banned"
  | "failed request"
  | "malformated json"
  | "whiderror"
  | "silentwhiderror"
  | "csrferror"
  | "no internet"
  | "device insecure"
  | "cancelled";

/** What a 500–511 answer is rejected with once its retry has failed too. */
export const INTERNAL_ERROR = "internal error";

export class RequestError extends Error {
  readonly status: number;
  readonly type: RequestErrorType;
  /** The answer's body (parsed JSON when it was JSON), or what the catalogue puts there. */
  readonly data: unknown;
  readonly headers: Headers;

  constructor(status: number, type: RequestErrorType, data: unknown = null, headers: Headers = new Headers()) {
    super(`${type} (${status})`);
    this.name = "RequestError";
    this.status = status;
    this.type = type;
    this.data = data;
    this.headers = headers;
  }
}

export function isRequestError(value: unknown): value is RequestError {
  return value instanceof RequestError;
}
