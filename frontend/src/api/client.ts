/** Every call the site makes, typed, and all through `request` (site-core §7). */
import { forgetToken } from "./antiForgery";
import type { Params } from "./encode";
import type {
  CompareResponse,
  InstitutionResponse,
  ListingResponse,
  ListingSort,
  OfferSummary,
  RateResponse,
  RoutesResponse,
  Sponsorship,
} from "./generated";
import type { ContentPage } from "./generated/ContentPage";
import type { LightSignUpResponse } from "./generated/LightSignUpResponse";
import type { PrivateInfo } from "./generated/PrivateInfo";
import type { AlertsView } from "./generated/AlertsView";
import type { AnswersResponse } from "./generated/AnswersResponse";
import type { QuestionListResponse } from "./generated/QuestionListResponse";
import type { QuestionResponse } from "./generated/QuestionResponse";
import type { QnaVoteResponse } from "./generated/QnaVoteResponse";
import type { AnswerPostResponse } from "./generated/AnswerPostResponse";
import type { QnaDone } from "./generated/QnaDone";
import type { AskResponse } from "./generated/AskResponse";
import type { ModerationQueueResponse } from "./generated/ModerationQueueResponse";
import type { SignedInResponse } from "./generated/SignedInResponse";
import type { SignedOut } from "./generated/SignedOut";
import type { AccountNotice } from "./generated/AccountNotice";
import type { OfferHistory } from "./generated/OfferHistory";
import type { ExpertsGalleryResponse } from "./generated/ExpertsGalleryResponse";
import type { HelpfulFeedbackResponse } from "./generated/HelpfulFeedbackResponse";
import type { TextMessageResponse } from "./generated/TextMessageResponse";
import type { ReviewsResponse } from "./generated/ReviewsResponse";
import type { SearchResponse } from "./generated/SearchResponse";
import type { CardValueResponse } from "./generated/CardValueResponse";
import type { ReviewWriteResponse } from "./generated/ReviewWriteResponse";
import { adPixelQuery, PIXEL_PATH, type AdViewPayload } from "../rules/adPixel";
import { AJAX_ENDPOINT, FORM_CONTENT_TYPE, getJson, request, type RequestOptions } from "./request";

// ---- Catalogue reads: plain JSON GETs.

export interface ListingParams {
  route?: string;
  need?: string;
  scenario?: string;
  type?: string;
  sort?: ListingSort;
  page?: number | string;
  per_page?: number | string;
  sponsorship?: Sponsorship;
}

export function routes(): Promise<RoutesResponse> {
  return getJson<RoutesResponse>("/api/routes");
}

export function listings(params: ListingParams): Promise<ListingResponse> {
  return getJson<ListingResponse>("/api/listings", { ...params });
}

/** `name` is one path segment on the wire, so a `/` inside it is escaped. */
export function offer(name: string): Promise<OfferSummary> {
  return getJson<OfferSummary>(`/api/offers/${encodeURIComponent(name)}`);
}

/** A product's recorded history of figures, oldest first. */
export function offerHistory(name: string): Promise<OfferHistory> {
  return getJson<OfferHistory>(`/api/offers/${encodeURIComponent(name)}/history`);
}

export function institution(id: string): Promise<InstitutionResponse> {
  return getJson<InstitutionResponse>(`/api/institutions/${encodeURIComponent(id)}`);
}

export function compare(ids: readonly string[]): Promise<CompareResponse> {
  return getJson<CompareResponse>("/api/compare", { ids: ids.join(",") });
}

export function content(path: string): Promise<ContentPage> {
  return getJson<ContentPage>("/api/content", { path });
}

// ---- Community questions and answers: reads are GETs of the ajax endpoint's actions.

/** The question list's parameters, as `/answers/` carries them in its address. */
export interface QuestionListParams {
  category?: string;
  sort?: string;
  qpage?: string;
  q?: string;
  offer?: string;
}

export function questions(params: QuestionListParams): Promise<QuestionListResponse> {
  return getJson<QuestionListResponse>(AJAX_ENDPOINT, { action: "Qna.List", ...params });
}

/** A question by its full slug (`slug-id`), with its first answers. */
export function question(slug: string): Promise<QuestionResponse> {
  return getJson<QuestionResponse>(AJAX_ENDPOINT, { action: "Qna.Question", slug });
}

/** The next answers of a question, after the `offset` already shown. */
export function moreAnswers(questionId: string, offset: number): Promise<AnswersResponse> {
  return getJson<AnswersResponse>(AJAX_ENDPOINT, { action: "Qna.Answers", question: questionId, offset });
}

/** An up or down vote on a question, an answer or a review ("helpful" is up; members
 * only; one per item, changeable). */
export function qnaVote(kind: "question" | "answer" | "review", id: number, value: "up" | "down"): Promise<QnaVoteResponse> {
  return formWrite<QnaVoteResponse>({ action: "Qna.Vote", kind, id, value });
}

/** A member's answer to a question. */
export function postAnswer(questionId: number, content: string): Promise<AnswerPostResponse> {
  return formWrite<AnswerPostResponse>({ action: "Qna.Answer", question: questionId, content });
}

/** Up to 5 questions like the title being typed (from the same search as the list). */
export function similarQuestions(title: string): Promise<QuestionListResponse> {
  // Silent: a lookup the visitor did not ask for; a refusal (a title the form already
  // says is too long) or a failure only leaves the suggestions out.
  return getJson<QuestionListResponse>(AJAX_ENDPOINT, { action: "Qna.Similar", title }, { silent: true });
}

/** The ask dialog shows the server's refusals (a field's rule, a limit) by their field. */
const ASK_OPTIONS = { ownRefusals: true } as const;

/** Asks a question: published at once for a member; a guest with `email` gets a code. */
export function askQuestion(question: { title: string; more_info?: string; category?: number; offer?: string; email?: string }): Promise<AskResponse> {
  return formWrite<AskResponse>({ action: "Qna.Ask", ...question }, ASK_OPTIONS);
}

/** The e-mailed code of a guest's waiting question (`pending` is the ask's token). */
export function confirmCode(pending: string, code: string): Promise<AskResponse> {
  return formWrite<AskResponse>({ action: "Qna.ConfirmCode", pending, code }, ASK_OPTIONS);
}

/** A new code for a guest's waiting question. */
export function resendCode(pending: string): Promise<AskResponse> {
  return formWrite<AskResponse>({ action: "Qna.ResendCode", pending }, ASK_OPTIONS);
}

/** The asker accepts one answer of their question (it is listed first). */
export function acceptAnswer(questionId: number, answerId: number): Promise<QnaDone> {
  return formWrite<QnaDone>({ action: "Qna.Accept", question: questionId, answer: answerId });
}

/** Every credit card ranked by its yearly value for the visitor's figures (monthly
 * spending by category, balance, tier or score, cents per point, page). */
export function cardValues(query: Record<string, string>): Promise<CardValueResponse> {
  // A refused figure is shown by its field on the page, not in a toast.
  return getJson<CardValueResponse>("/api/card-values", query, { ownRefusals: true });
}

/** The site search: products, institutions and community questions for `q`. */
export function siteSearch(q: string, offset = 0): Promise<SearchResponse> {
  return getJson<SearchResponse>("/api/search", offset > 0 ? { q, offset } : { q });
}

/** A page of a product's written reviews: newest (`new`) or most helpful first. */
export function productReviews(pid: string, sort: "new" | "helpful", offset = 0): Promise<ReviewsResponse> {
  return getJson<ReviewsResponse>(AJAX_ENDPOINT, { action: "Reviews.List", pid, sort, offset });
}

/** A member's review of a product: 1 to 5 stars (also their rating) and 30 to 2,000
 * characters; writing again replaces their earlier review. */
export function writeReview(pid: string, rtg: number, text: string): Promise<ReviewWriteResponse> {
  return formWrite<ReviewWriteResponse>({ action: "Reviews.Write", pid, rtg, text });
}

/** The reported items still open (staff and moderators only). */
export function moderationQueue(): Promise<ModerationQueueResponse> {
  return getJson<ModerationQueueResponse>(AJAX_ENDPOINT, { action: "Qna.ModerationQueue" });
}

/** Hides or restores a question or an answer, with the moderator's reason. */
export function moderate(action: "hide" | "restore", item: { kind: string; id: number; reason: string }): Promise<QnaDone> {
  return formWrite<QnaDone>({ action: action === "hide" ? "Qna.Hide" : "Qna.Restore", ...item });
}

/** An abuse report on an answer (`t` `a`), a question (`q`) or a review (`r`), from the page `ru`. */
export function reportAbuse(report: { t: string; id: string; ru: string; reason?: string }): Promise<QnaDone> {
  return formWrite<QnaDone>({ action: "Qna.Report", ...report });
}

// ---- Community widgets (community §7): the experts gallery, the helpful widget, the app link.

/** The experts gallery for the page at `path` (one gallery for the whole site). */
export function expertsGallery(path: string, signal?: AbortSignal): Promise<ExpertsGalleryResponse> {
  return getJson<ExpertsGalleryResponse>(AJAX_ENDPOINT, { action: "Posts.GetExpertsGallery", path }, { signal });
}

/** The helpful widget's answer for the page `postId` at `url`; `feedback` only when not
 * helpful. Silent (community §7): the widget says itself what a failure means. */
export function sendHelpfulFeedback(vote: { postId: string; url: string; helpful: boolean; feedback?: string; type?: string }): Promise<HelpfulFeedbackResponse> {
  const { helpful, feedback, type = "EDU", ...rest } = vote;
  return formWrite<HelpfulFeedbackResponse>({
    action: "send_edu_feedback",
    ...rest,
    helpful: helpful ? "1" : "0",
    type,
    ...(helpful || feedback === undefined ? {} : { feedback }),
  }, { silent: true });
}

/** Sends the app's download link by text (`type` empty: both stores). */
export function sendAppLink(request: { phoneNumber: string; type?: "" | "android" | "apple"; commId?: string }): Promise<TextMessageResponse> {
  const { type = "", ...rest } = request;
  return formWrite<TextMessageResponse>({ action: "download_app", type, ...rest });
}

// ---- Rating votes: form-encoded writes to the ajax endpoint.

function formWrite<T>(data: Params, options: Pick<RequestOptions, "silent" | "ownRefusals"> = {}): Promise<T> {
  return request<T>({ url: AJAX_ENDPOINT, headers: { "Content-Type": FORM_CONTENT_TYPE }, data, xsrf: true, ...options });
}

export function rateProduct(pid: string, stars: number): Promise<RateResponse> {
  return formWrite<RateResponse>({ action: "Details.SetRate", pid, rtg: stars });
}

export function rateInstitution(instUid: string, stars: number): Promise<RateResponse> {
  return formWrite<RateResponse>({ action: "Reviews.SetInstRate", inst_uid: instUid, rating: stars });
}

// ---- Members: JSON writes to their own paths.

function memberWrite<T>(url: string, data?: Params): Promise<T> {
  return request<T>({ url, data, xsrf: true });
}

/** These answers rotate the anti-forgery token, so the one kept in memory is dropped. */
async function rotatingWrite<T>(url: string, data?: Params): Promise<T> {
  const answer = await memberWrite<T>(url, data);
  forgetToken();
  return answer;
}

export function join(form: { email: string; password: string; name?: string }): Promise<SignedInResponse> {
  return rotatingWrite<SignedInResponse>("/join", form);
}

export function joinLight(form: { email: string; ref?: string; vote?: string }): Promise<LightSignUpResponse> {
  return memberWrite<LightSignUpResponse>("/join/light", form);
}

export function confirmLight(code: string): Promise<SignedInResponse> {
  return rotatingWrite<SignedInResponse>("/join/light/confirm", { code });
}

export function signIn(form: { email: string; password: string }): Promise<SignedInResponse> {
  return rotatingWrite<SignedInResponse>("/sign-in", form);
}

export function signOut(): Promise<SignedOut> {
  return rotatingWrite<SignedOut>("/sign-out");
}

// ---- The account: e-mailed links and changes (docs/API.md, "Account links and changes").

export function forgotPassword(email: string): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/sign-in/forgot", { email });
}

/** Signs in: every other session of the member ends, and the token rotates. */
export function resetPassword(token: string, password: string): Promise<SignedInResponse> {
  return rotatingWrite<SignedInResponse>("/sign-in/reset", { token, password });
}

export function confirmEmail(token: string): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/join/confirm", { token });
}

export function changePassword(form: { current: string; password: string }): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/home/settings/password", form);
}

export function changeEmail(form: { email: string; password: string }): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/home/settings/email", form);
}

export function confirmEmailChange(token: string): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/home/settings/email/confirm", { token });
}

/** Takes the link's address off the link's list of e-mails (one-click unsubscribe; the
 * server needs no session for it, and ignores the one sent). */
export function unsubscribe(token: string): Promise<AccountNotice> {
  return memberWrite<AccountNotice>("/unsubscribe", { token });
}

/** Signs out: the session ends and the token rotates. */
export function deleteAccount(password: string): Promise<AccountNotice> {
  return rotatingWrite<AccountNotice>("/home/settings/delete", { password });
}

const PRIVATE_INFO_PATH = "/home/settings/private-info";

/** Asks for JSON explicitly: the same path answers the HTML page to a browser's Accept. */
export function privateInfo(): Promise<PrivateInfo> {
  return getJson<PrivateInfo>(PRIVATE_INFO_PATH, undefined, { headers: { Accept: "application/json" } });
}

export function setPrivateInfo(optOut: boolean): Promise<PrivateInfo> {
  return memberWrite<PrivateInfo>(PRIVATE_INFO_PATH, { optOut });
}

// ---- Rate alerts (`/home/settings/alerts`).

const ALERTS_PATH = "/home/settings/alerts";

export function alerts(): Promise<AlertsView> {
  return getJson<AlertsView>(ALERTS_PATH, undefined, { headers: { Accept: "application/json" } });
}

/** Follows every change of a product's figures (`offer`, its id). */
export function follow(offer: string): Promise<AlertsView> {
  return memberWrite<AlertsView>(ALERTS_PATH, { offer });
}

/** Follows a deposit listing at an APY threshold; `replace` is a follow this one takes the
 * place of (a changed threshold). */
export function followListing(what: { type: string; minApy: string; term?: string; replace?: number }): Promise<AlertsView> {
  return formWrite<AlertsView>({ action: "Alerts.FollowListing", ...what });
}

export function stopFollowing(id: number): Promise<AlertsView> {
  return formWrite<AlertsView>({ action: "Alerts.Stop", id });
}

export function setAlertCadence(cadence: "immediate" | "weekly"): Promise<AlertsView> {
  return formWrite<AlertsView>({ action: "Alerts.SetCadence", cadence });
}

// ---- Tracking pixel.

/** Fire and forget: one retry, no events, no toast, and a failure is ignored. */
export async function pixel(payload: AdViewPayload): Promise<void> {
  // The payload rules (site-core §5) are the domain's: rules/adPixel. A payload they refuse
  // is dropped, like any other tracking failure.
  const built = adPixelQuery(payload);
  if (!built.ok) return;
  try {
    await request<string>({
      method: "GET",
      url: PIXEL_PATH,
      data: Object.fromEntries(built.query),
      responseType: "text",
      retry: 1,
      silent: true,
      events: false,
    });
  } catch {
    // Tracking must never disturb the page.
  }
}
