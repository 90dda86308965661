/**
 * How the send-app-link-by-text dialog reads the server's answer (community §4, §8, §9).
 *
 * Mirrors `qna_validation::text_message::TextMessageOutcome` and the messages of
 * `qna_validation::constants` (crates/qna-validation/src). Checked by `qna-validation.json`
 * table `textMessageOutcome`. The phone number itself is `validateUsPhone` in
 * `rules/validation`.
 */

/** The message code of a request refused for repeated attempts (`REQUEST_LOCKED_BY_FILTER`). */
export const REQUEST_LOCKED_BY_FILTER = "REQUEST_LOCKED_BY_FILTER";
/** (`TEXT_MESSAGE_SENT_MESSAGE`) */
export const TEXT_MESSAGE_SENT_MESSAGE = "Awesome! You should be receiving a text with the download link shortly.";
/** The same request again within moments, which sent nothing (`TEXT_MESSAGE_ALREADY_SENT_MESSAGE`). */
export const TEXT_MESSAGE_ALREADY_SENT_MESSAGE = "We sent a text with the download link to this number a moment ago, so no new one is on its way.";
/** (`TEXT_MESSAGE_FAILED_MESSAGE`) */
export const TEXT_MESSAGE_FAILED_MESSAGE = "Failed. Please check your phone number.";
/** Shown with the store links and Close (`TEXT_MESSAGE_LOCKED_MESSAGE`). */
export const TEXT_MESSAGE_LOCKED_MESSAGE =
  "Apologies, but we could not send you an SMS due to repeated attempts. Please go directly to the App Store or Google Play and search for the app.";
/** "Notice: the service is free, standard message rates apply." (`TEXT_MESSAGE_NOTICE`) */
export const TEXT_MESSAGE_NOTICE = "The service is free, standard message rates apply.";

/** sent: message and Close; failed: message, the form stays; blocked: message, store links and Close. */
export type TextMessageOutcome = "sent" | "failed" | "blocked";

const MESSAGES: Record<TextMessageOutcome, string> = {
  sent: TEXT_MESSAGE_SENT_MESSAGE,
  failed: TEXT_MESSAGE_FAILED_MESSAGE,
  blocked: TEXT_MESSAGE_LOCKED_MESSAGE,
};

/**
 * The outcome of an answer (`TextMessageOutcome::from_response`): the code
 * REQUEST_LOCKED_BY_FILTER among `messages` (exact case) means blocked whatever `error`
 * says; otherwise `error` means failed; otherwise sent. The message is the rule's, not the
 * server's text, except the already-sent sentence of a repeated request.
 */
export function textMessageOutcome(answer: { error: boolean; messages: readonly string[] }): {
  outcome: TextMessageOutcome;
  message: string;
} {
  const outcome: TextMessageOutcome = answer.messages.includes(REQUEST_LOCKED_BY_FILTER)
    ? "blocked"
    : answer.error
      ? "failed"
      : "sent";
  // A repeated request sent nothing: it says so, not that a text is on its way (`shown_message`).
  const again = outcome === "sent" && answer.messages.includes(TEXT_MESSAGE_ALREADY_SENT_MESSAGE);
  return { outcome, message: again ? TEXT_MESSAGE_ALREADY_SENT_MESSAGE : MESSAGES[outcome] };
}
