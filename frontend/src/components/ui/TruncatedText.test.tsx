import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resizeTo } from "./testing";
import { TruncatedText } from "./TruncatedText";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");
const body = () => document.querySelector(".truncated-text__body");

describe("TruncatedText", () => {
  const initialWidth = window.innerWidth;
  beforeEach(() => {
    resizeTo(400);
  });
  afterEach(() => {
    resizeTo(initialWidth);
  });

  it("shows short text whole, with no button", () => {
    render(<TruncatedText text={words(5)} limit={5} />);
    expect(body()).toHaveTextContent(words(5));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("cuts long text to the limit and expands and collapses it", async () => {
    const user = userEvent.setup();
    render(<TruncatedText text={words(8)} limit={5} />);
    const button = screen.getByRole("button", { name: "Show more" });
    expect(button).toHaveAttribute("aria-controls", body()?.id);
    expect(body()).toHaveTextContent(/^w1 w2 w3 w4 w5…$/);
    expect(button).toHaveAttribute("aria-expanded", "false");

    await user.click(button);
    expect(body()).toHaveTextContent(words(8));
    expect(button).toHaveAccessibleName("Show less");
    expect(button).toHaveAttribute("aria-expanded", "true");

    await user.click(button);
    expect(body()).toHaveTextContent(/^w1 w2 w3 w4 w5…$/);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps the spacing and punctuation of the words it keeps", () => {
    render(<TruncatedText text={"No fee,\n ever. Really"} limit={3} />);
    expect(body()?.textContent).toBe("No fee,\n ever.…");
  });

  it("takes its word limit from the viewport width and follows resizes", () => {
    render(<TruncatedText text={words(120)} />);
    expect(body()).toHaveTextContent(new RegExp(`^${words(35)}…$`));
    resizeTo(416);
    expect(body()).toHaveTextContent(new RegExp(`^${words(50)}…$`));
    resizeTo(768);
    expect(body()).toHaveTextContent(new RegExp(`^${words(70)}…$`));
    resizeTo(1281);
    expect(body()).toHaveTextContent(new RegExp(`^${words(90)}…$`));
    resizeTo(1900);
    expect(body()).toHaveTextContent(new RegExp(`^${words(100)}…$`));
    resizeTo(2048);
    expect(body()).toHaveTextContent(words(120));
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("starts collapsed at 768 px and expanded wider, unless told otherwise", () => {
    resizeTo(768);
    const { unmount } = render(<TruncatedText text={words(120)} />);
    expect(screen.getByRole("button", { name: "Show more" })).toHaveAttribute("aria-expanded", "false");
    unmount();

    resizeTo(769);
    const wide = render(<TruncatedText text={words(120)} />);
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    expect(body()).toHaveTextContent(words(120));
    wide.unmount();

    render(<TruncatedText text={words(120)} initiallyExpanded={false} />);
    expect(screen.getByRole("button", { name: "Show more" })).toBeInTheDocument();
  });

  it("takes other button labels", () => {
    render(<TruncatedText text={words(3)} limit={1} moreLabel="Read more" lessLabel="Read less" />);
    expect(screen.getByRole("button", { name: "Read more" })).toBeInTheDocument();
  });
});
