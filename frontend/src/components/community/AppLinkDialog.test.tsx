import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ sendAppLink: vi.fn() }));

import { sendAppLink } from "../../api/client";
import { RequestError } from "../../api/errors";
import type { TextMessageResponse } from "../../api/generated/TextMessageResponse";
import { SiteAlerts } from "../../app/SiteAlerts";
import { ToastViewport } from "../ui/Toast";
import { useToastStore } from "../ui/toastStore";
import { advance, useFakeClock, useRealClock } from "../ui/testing";
import AppLinkDialog from "./AppLinkDialog";
import { addStorePages, removeStorePages, TEST_APP_STORE_URL as APP_STORE_URL, TEST_PLAY_STORE_URL as PLAY_STORE_URL } from "../../test/storePages";
import { deferred } from "../../test/deferred";
import { settle } from "../../test/settle";

const SENT = "Awesome! You should be receiving a text with the download link shortly.";
const FAILED = "Failed. Please check your phone number.";
const LOCKED =
  "Apologies, but we could not send you an SMS due to repeated attempts. Please go directly to the App Store or Google Play and search for the app.";
const INVALID = "Please enter a valid US number";
const NOTICE = "The service is free, standard message rates apply.";



function renderDialog(onClose = vi.fn()) {
  render(
    <>
      <AppLinkDialog open onClose={onClose} type="" commId="footer" />
      {/* As in the page shell: toasts reach the screen through these two. */}
      <SiteAlerts />
      <ToastViewport />
    </>,
  );
  return onClose;
}

const dialog = () => screen.getByRole("dialog", { name: "Get the Plainrate app" });
const phone = () => screen.getByRole("textbox", { name: "Mobile number" }) as HTMLInputElement;
/** The dialog's own outcome line (the toast region is a status too). */
const outcome = () => within(dialog()).getByRole("status");
/** The outcome's Close button (the modal's × is named Close too, and does the same). */
const closeButton = () => within(dialog()).getByText("Close", { selector: "button" });
const sendButton = () => screen.getByRole("button", { name: /^(Text me the link|Sending…)$/ });

/** Types a full number and sends it, with `answer` giving what the request resolves or rejects with. */
async function send(answer: () => Promise<TextMessageResponse>, user = userEvent.setup()) {
  vi.mocked(sendAppLink).mockImplementationOnce(answer);
  await user.type(phone(), "5550104567");
  await user.click(sendButton());
  await settle();
}

beforeEach(() => {
  vi.mocked(sendAppLink).mockReset();
  useToastStore.getState().clear();
  addStorePages();
});

afterEach(() => {
  useRealClock();
  removeStorePages();
});

describe("AppLinkDialog entry form", () => {
  it("asks for a mobile number, with the free-service notice, and starts in the field", () => {
    renderDialog();
    expect(dialog()).toBeInTheDocument();
    expect(phone()).toHaveFocus();
    expect(phone()).toHaveAttribute("type", "tel");
    expect(phone()).toHaveAccessibleDescription(NOTICE);
    expect(phone()).toHaveAttribute("aria-invalid", "false");
    expect(within(dialog()).getByText(NOTICE)).toBeInTheDocument();
    expect(sendButton()).toHaveTextContent("Text me the link");
    expect(sendButton()).not.toHaveAttribute("aria-busy", "true");
  });

  it("formats the number as (###) ###-#### while it is typed, at most ten digits", async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(phone(), "555");
    expect(phone()).toHaveValue("(555");
    await user.type(phone(), "01");
    expect(phone()).toHaveValue("(555) 01");
    await user.type(phone(), "04567");
    expect(phone()).toHaveValue("(555) 010-4567");
    await user.type(phone(), "89");
    expect(phone()).toHaveValue("(555) 010-4567");
    await user.type(phone(), "{Backspace}{Backspace}");
    expect(phone()).toHaveValue("(555) 010-45");
  });

  it("keeps the caret where the visitor types in the middle of the number", async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(phone(), "5550104567");
    // Caret just after "(555) 0", then Backspace twice: the 0, then (over ") ") the last 5.
    phone().setSelectionRange(7, 7);
    await user.keyboard("{Backspace}");
    expect(phone()).toHaveValue("(555) 104-567");
    expect(phone().selectionStart).toBe(4);
    await user.keyboard("{Backspace}");
    expect(phone()).toHaveValue("(551) 045-67");
    await user.keyboard("9");
    expect(phone()).toHaveValue("(559) 104-567");
    expect(phone().selectionStart).toBe(4);
    // A letter is dropped and the caret stays put.
    await user.keyboard("x");
    expect(phone()).toHaveValue("(559) 104-567");
    expect(phone().selectionStart).toBe(4);
  });

  it("takes a pasted number with its +1", async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(phone());
    await user.paste("+1 555.010.4567");
    expect(phone()).toHaveValue("(555) 010-4567");
  });

  it("refuses a short number at the field before sending", async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(phone(), "555010");
    await user.click(sendButton());
    expect(sendAppLink).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
    expect(phone()).toHaveAttribute("aria-invalid", "true");
    expect(phone()).toHaveAccessibleDescription(`${INVALID} ${NOTICE}`);
    expect(phone()).toHaveFocus();
    // Typing again clears the message.
    await user.type(phone(), "4");
    expect(phone()).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("refuses an empty number sent with Enter", async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.type(phone(), "{Enter}");
    expect(sendAppLink).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(INVALID);
  });
});

describe("AppLinkDialog sending", () => {
  it("sends the ten digits with the type and placement, busy until the answer, and ignores another submit", async () => {
    renderDialog();
    const pending = deferred<TextMessageResponse>();
    await send(() => pending.promise);
    expect(sendAppLink).toHaveBeenCalledWith({ phoneNumber: "5550104567", type: "", commId: "footer" });
    expect(sendButton()).toHaveTextContent("Sending…");
    expect(sendButton()).toHaveAttribute("aria-busy", "true");
    expect(sendButton()).toHaveAttribute("aria-disabled", "true");
    expect(phone()).toHaveAttribute("readonly");

    fireEvent.click(sendButton());
    fireEvent.submit(phone().form!);
    await settle();
    expect(sendAppLink).toHaveBeenCalledTimes(1);

    pending.resolve({ error: false, messages: [SENT] });
    await settle();
    expect(outcome()).toHaveTextContent(SENT);
  });

  it("ignores a second submit in the same moment", async () => {
    renderDialog();
    vi.mocked(sendAppLink).mockReturnValue(new Promise(() => {}));
    const user = userEvent.setup();
    await user.type(phone(), "5550104567");
    act(() => {
      fireEvent.submit(phone().form!);
      fireEvent.submit(phone().form!);
    });
    await settle();
    expect(sendAppLink).toHaveBeenCalledTimes(1);
  });
});

describe("AppLinkDialog outcomes", () => {
  it("sent: the success sentence and Close", async () => {
    const onClose = renderDialog();
    await send(() => Promise.resolve({ error: false, messages: [SENT] }));
    expect(outcome()).toHaveTextContent(SENT);
    expect(outcome()).toHaveFocus();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(within(dialog()).queryAllByRole("link")).toHaveLength(0);
    await userEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("failed: the message, with the form and the number kept", async () => {
    renderDialog();
    await send(() => Promise.resolve({ error: true, messages: [FAILED] }));
    expect(screen.getByRole("alert")).toHaveTextContent(FAILED);
    expect(phone()).toHaveValue("(555) 010-4567");
    expect(sendButton()).toHaveTextContent("Text me the link");
    expect(sendButton()).not.toHaveAttribute("aria-busy", "true");

    // Trying again sends again.
    vi.mocked(sendAppLink).mockResolvedValueOnce({ error: false, messages: [SENT] });
    await userEvent.click(sendButton());
    await settle();
    expect(sendAppLink).toHaveBeenCalledTimes(2);
    expect(outcome()).toHaveTextContent(SENT);
  });

  it("failed shows the rule's sentence, whatever the server's text", async () => {
    renderDialog();
    await send(() => Promise.resolve({ error: true, messages: ["SOMETHING_ELSE"] }));
    expect(screen.getByRole("alert")).toHaveTextContent(FAILED);
  });

  it("blocked: the repeated-attempts sentence with both store links and Close", async () => {
    const onClose = renderDialog();
    await send(() => Promise.resolve({ error: true, messages: ["REQUEST_LOCKED_BY_FILTER"] }));
    expect(outcome()).toHaveTextContent(LOCKED);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(within(dialog()).getByRole("link", { name: "App Store" })).toHaveAttribute("href", APP_STORE_URL);
    expect(within(dialog()).getByRole("link", { name: "Google Play" })).toHaveAttribute("href", PLAY_STORE_URL);
    await userEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("a 400 answer shows its message at the field", async () => {
    renderDialog();
    const body = { error: true, code: "validation", message: INVALID, field: "phoneNumber", messages: [INVALID] };
    await send(() => Promise.reject(new RequestError(400, "failed request", body)));
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(INVALID);
    expect(phone()).toHaveAttribute("aria-invalid", "true");
    expect(phone()).toHaveAttribute("aria-describedby", expect.stringContaining(alert.id));
    expect(phone()).toHaveValue("(555) 010-4567");
  });

  it("a 400 about another field is shown under the form, not at the number", async () => {
    renderDialog();
    const message = "commId must be letters, digits, -, _ or ., at most 64 characters";
    const body = { error: true, code: "validation", message, field: "commId", messages: [message] };
    await send(() => Promise.reject(new RequestError(400, "failed request", body)));
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(phone()).toHaveAttribute("aria-invalid", "false");
  });

  it("a server fault (5xx) says the text failed and keeps the form and the number", async () => {
    renderDialog();
    await send(() => Promise.reject(new RequestError(500, "failed request", { code: "internal" })));
    expect(screen.getByRole("alert")).toHaveTextContent("Failed. Please check your phone number.");
    expect(phone()).toHaveValue("(555) 010-4567");
  });

  it("a network failure shows an error toast for 2200 ms and returns to the form", async () => {
    const user = useFakeClock();
    renderDialog();
    // What the request layer rejects with when no answer came (status -1, no body).
    await send(() => Promise.reject(new RequestError(-1, "failed request", null)), user);
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ message: "something went wrong, please retry", durationMs: 2200 }),
    ]);
    expect(screen.getByText("something went wrong, please retry")).toBeInTheDocument();
    expect(phone()).toHaveValue("(555) 010-4567");
    expect(sendButton()).toHaveTextContent("Text me the link");
    expect(screen.queryByRole("alert")).toBeNull();

    advance(2199);
    expect(screen.getByText("something went wrong, please retry")).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText("something went wrong, please retry")).toBeNull();
  });
});

describe("AppLinkDialog reopened", () => {
  it("starts at the form again, with the number kept", async () => {
    const onClose = vi.fn();
    const view = render(<AppLinkDialog open onClose={onClose} commId="footer" />);
    await send(() => Promise.resolve({ error: false, messages: [SENT] }));
    expect(outcome()).toHaveTextContent(SENT);
    view.rerender(<AppLinkDialog open={false} onClose={onClose} commId="footer" />);
    view.rerender(<AppLinkDialog open onClose={onClose} commId="footer" />);
    expect(phone()).toHaveValue("(555) 010-4567");
    expect(phone()).toHaveFocus();
  });
});
