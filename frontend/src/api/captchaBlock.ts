/**
 * The request layer receives the captcha-block event and marks itself blocked, so the page
 * can ask whether a captcha stands between the visitor and the API.
 */
import { onApiEvent } from "./events";

let mark: { trace: string | null } | null = null;

onApiEvent("captcha-block", (payload) => {
  mark = { trace: payload.trace ?? null };
});

export function captchaBlock(): { trace: string | null } | null {
  return mark;
}

/** After the visitor solved the captcha. */
export function clearCaptchaBlock(): void {
  mark = null;
}
