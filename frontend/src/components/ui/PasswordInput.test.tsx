import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { PasswordInput } from "./PasswordInput";

function Harness({ initial = "", onChange }: { initial?: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PasswordInput
      label="Password"
      value={value}
      onChange={(v) => {
        onChange?.(v);
        setValue(v);
      }}
    />
  );
}

describe("PasswordInput", () => {
  const field = () => screen.getByLabelText("Password");
  const toggle = () => screen.queryByRole("button", { name: "Show password" });

  it("offers show/hide only while the field has a value", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(field()).toHaveAttribute("type", "password");
    expect(toggle()).not.toBeInTheDocument();
    await user.type(field(), "s3cret");
    expect(toggle()).toBeInTheDocument();
    await user.clear(field());
    expect(toggle()).not.toBeInTheDocument();
  });

  it("switches between password and text, with aria-pressed", async () => {
    const user = userEvent.setup();
    render(<Harness initial="s3cret" />);
    const button = toggle();
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveAttribute("aria-controls", field().id);
    await user.click(button as HTMLElement);
    expect(field()).toHaveAttribute("type", "text");
    expect(field()).toHaveValue("s3cret");
    expect(button).toHaveAttribute("aria-pressed", "true");
    await user.click(button as HTMLElement);
    expect(field()).toHaveAttribute("type", "password");
    expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it("masks again after the field is emptied", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(field(), "abc");
    await user.click(toggle() as HTMLElement);
    expect(field()).toHaveAttribute("type", "text");
    await user.clear(field());
    await user.type(field(), "x");
    expect(field()).toHaveAttribute("type", "password");
    expect(toggle()).toHaveAttribute("aria-pressed", "false");
  });

  it("reports each edit as the new string", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.type(field(), "ab");
    expect(onChange.mock.calls).toEqual([["a"], ["ab"]]);
  });

  it("can be labelled from outside and marked invalid", () => {
    render(
      <>
        <label htmlFor="pw">New password</label>
        <PasswordInput id="pw" value="" onChange={() => {}} invalid autoComplete="new-password" />
      </>,
    );
    const input = screen.getByLabelText("New password");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("autocomplete", "new-password");
  });
});
