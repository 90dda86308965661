/**
 * Minimal shapes of answers whose generated types have not been exported yet: only the fields
 * the site reads. The generated types of the same names replace them.
 */

export interface SignedInResponse {
  ok: boolean;
  /** After a sign-in link: the same-site path to return to. */
  ref?: string;
}

export interface LightSignUpResponse {
  ok: boolean;
  message: string;
  ref: string;
}

export interface SignedOut {
  ok: boolean;
}

export interface PrivateInfo {
  optOut: boolean;
}

export interface ContentPage {
  path: string;
  title: string;
  description: string;
}
