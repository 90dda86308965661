/**
 * Who may do what in the community (community §2), as `qna_validation::permissions` decides
 * it on the server and the shared vectors (`qna-validation.json` `permissions`) pin: a
 * member acts; a guest asks through the e-mail step, reports and joins directly, and must
 * sign in for the rest; a delegated session may do nothing and is told so. The browser asks
 * here only to say early what the server would answer.
 */

import { PERMISSION_DENIED_MESSAGE } from "./voteMachine";

/** Who is acting. */
export type Actor = "guest" | "member" | "delegated";

/** What they want to do (the Rust `Action`, in its JSON spelling). */
export type PermissionAction = "askQuestion" | "reply" | "vote" | "edit" | "review" | "report" | "account";

/** How the action may go, or why not: `signInRequired`, or the delegated session's message. */
export type Permission = { readonly ok: "direct" | "guestVerification" } | { readonly error: string };

/** The actor a session is: delegated, else a member when signed in, else a guest. */
export function actorOf(session: { readonly signedIn: boolean; readonly delegated: boolean }): Actor {
  if (session.delegated) return "delegated";
  return session.signedIn ? "member" : "guest";
}

/** Whether `actor` may do `action`, and how. */
export function can(actor: Actor, action: PermissionAction): Permission {
  if (actor === "delegated") return { error: PERMISSION_DENIED_MESSAGE };
  if (actor === "member") return { ok: "direct" };
  if (action === "askQuestion") return { ok: "guestVerification" };
  if (action === "report" || action === "account") return { ok: "direct" };
  return { error: "signInRequired" };
}
