import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TruncatedText } from "./TruncatedText";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");

describe("TruncatedText", () => {
  it("shows short text whole, with no button", () => {
    render(<TruncatedText text={words(5)} limit={5} />);
    expect(screen.getByText(words(5))).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("cuts long text to the limit and expands and collapses it", async () => {
    const user = userEvent.setup();
    render(<TruncatedText text={words(8)} limit={5} />);
    const button = screen.getByRole("button", { name: "Show more" });
    const body = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(body).toHaveTextContent(/^w1 w2 w3 w4 w5…$/);
    expect(button).toHaveAttribute("aria-expanded", "false");

    await user.click(button);
    expect(body).toHaveTextContent(words(8));
    expect(button).toHaveAccessibleName("Show less");
    expect(button).toHaveAttribute("aria-expanded", "true");

    await user.click(button);
    expect(body).toHaveTextContent(/^w1 w2 w3 w4 w5…$/);
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps the spacing and punctuation of the words it keeps", () => {
    const { container } = render(<TruncatedText text={"No fee,\n ever. Really"} limit={3} />);
    expect(container.querySelector("p")?.textContent).toBe("No fee,\n ever.…");
  });

  it("takes other button labels", () => {
    render(<TruncatedText text={words(3)} limit={1} moreLabel="Read more" lessLabel="Read less" />);
    expect(screen.getByRole("button", { name: "Read more" })).toBeInTheDocument();
  });
});
