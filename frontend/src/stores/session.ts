/**
 * Who the visitor is, as the page can tell: the sign-on cookie the server sets beside its
 * HttpOnly session cookie (a display mirror, never trusted for authorisation).
 */
import { create } from "zustand";
import { signOut as postSignOut } from "../api/client";
import { decodeSignOn, isDelegated } from "../rules/signOn";
import type { SignOn } from "../rules/signOn";

/**
 * Keeps the stored user info in step with the session (`stores/userInfo`): loaded on its
 * own, after the page, so the rules it runs stay out of every page's first load. Tests
 * await the returned promise.
 */
export function syncUserInfo(signOn: SignOn | null): Promise<void> {
  return import("./userInfo").then(
    ({ forgetUserInfo, loadUserInfo, rememberSignIn }) => {
      if (signOn) rememberSignIn(signOn);
      else if (loadUserInfo().id !== null) forgetUserInfo();
    },
    () => {},
  );
}

const COOKIE_NAMES = ["__Secure-signon", "signon"];

/** The raw value: decodeSignOn does its own percent-decoding, and a broken escape must not throw. */
function cookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

interface SignOnView {
  signedIn: boolean;
  fullySignedIn: boolean;
  /** Support staff acting on a member's account: read-only. */
  delegated: boolean;
  name: string | null;
  memberId: string | null;
}

function read(): SignOnView {
  const raw = COOKIE_NAMES.map(cookie).find((v) => v !== null) ?? null;
  const decoded = raw === null ? null : decodeSignOn(raw);
  if (!decoded?.ok) {
    // The session is gone (signed out here, elsewhere, or expired): the clearing rule.
    void syncUserInfo(null);
    return { signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null };
  }
  const { signOn } = decoded;
  void syncUserInfo(signOn);
  return {
    signedIn: true,
    // The session cookie itself is HttpOnly, so "full" is the page's best knowledge.
    fullySignedIn: signOn.full,
    delegated: isDelegated(signOn),
    name: signOn.realName ?? signOn.firstName ?? null,
    memberId: signOn.id,
  };
}

interface SessionState extends SignOnView {
  /** Reads the cookie again (after joining, signing in or out). */
  refresh: () => void;
  signOut: () => Promise<void>;
}

export const useSession = create<SessionState>()((set) => ({
  ...read(),
  refresh: () => set(read()),
  signOut: async () => {
    try {
      await postSignOut();
    } finally {
      set(read());
    }
  },
}));

// The cookie can change behind this page: a sign-in in another tab (the e-mailed sign-in
// link opens one), or a page restored from the back-forward cache. Reading it again when
// the page is shown keeps the join invitations away from a member.
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") useSession.getState().refresh();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) useSession.getState().refresh();
  });
}
