import { useEffect } from "react";
import { useNavigate } from "react-router";
import { lightSignupLink, withPendingVote, sameSitePathOfPage } from "../../rules/links";
import { PERMISSION_DENIED_MESSAGE } from "../../rules/voteMachine";
import { useSession } from "../../stores/session";

/**
 * Whether the visitor may vote, answer or accept here (community §6): a guest is sent to
 * light sign-up with this page as `ref`, and a delegated session is told it may not
 * edit; `refuse` receives that message. Returns true when the action may go ahead.
 */
export function useMemberGate(refuse: (message: string) => void): (pendingVote?: string) => boolean {
  const navigate = useNavigate();
  return (pendingVote) => {
    const session = useSession.getState();
    if (!session.signedIn) {
      // A vote goes with the guest to the sign-up, so the e-mailed link can count it.
      const link = lightSignupLink(sameSitePathOfPage(window.location.origin, window.location.href));
      navigate(pendingVote ? withPendingVote(link, pendingVote) : link);
      return false;
    }
    if (session.delegated) {
      refuse(PERMISSION_DENIED_MESSAGE);
      return false;
    }
    return true;
  };
}

/** A write the server refused with a 200 `{"error": true, "message": …}` (a delegated
 * session): thrown so that callers treat it like any failed write. */
export class RefusedWrite extends Error {}

/** The answer of a community write, or a `RefusedWrite` when it says `error`. */
export function accepted<T>(answer: T): T {
  const refusal = answer as { error?: unknown; message?: unknown };
  if (refusal.error === true) throw new RefusedWrite(typeof refusal.message === "string" ? refusal.message : "This could not be saved.");
  return answer;
}

/** What a refused or failed community write tells the visitor: the server's own words
 * when it gave some (a limit, a rule, profanity), else a general line. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof RefusedWrite) return error.message;
  const data = (error as { data?: unknown } | null)?.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" && data.message.trim() !== "" ? data.message : fallback;
}

/**
 * The server's page shows what a guest sees; a signed-in member's own votes come with a
 * second read, asked for once after the page is drawn (`fromServer`: the page started from
 * the server's data).
 */
export function useMemberVotes(fromServer: boolean, reload: () => void): void {
  useEffect(() => {
    if (fromServer && useSession.getState().signedIn) reload();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** Whether the signed-in visitor asked this question (only the asker accepts an answer). */
export function useIsAsker(askerUid: number): boolean {
  return useSession((s) => s.signedIn && !s.delegated && s.memberId === String(askerUid));
}
