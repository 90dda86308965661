import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { RadioGroup } from "./RadioGroup";

describe("RadioGroup", () => {
  const OPTIONS = [
    { value: "3", label: "3 months" },
    { value: "6", label: "6 months", disabled: true },
    { value: "12", label: "12 months" },
  ] as const;

  function Harness({ onChange }: { onChange?: (v: string) => void }) {
    const [value, setValue] = useState<string | null>(null);
    return (
      <RadioGroup
        legend="Term"
        options={OPTIONS}
        value={value}
        onChange={(v) => {
          onChange?.(v);
          setValue(v);
        }}
      />
    );
  }

  it("is a named group of radio buttons", () => {
    render(<Harness />);
    expect(screen.getByRole("group", { name: "Term" })).toBeInTheDocument();
    expect(screen.getAllByRole("radio")).toHaveLength(3);
    expect(screen.getByRole("radio", { name: "6 months" })).toBeDisabled();
  });

  it("chooses by click and reports the value", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole("radio", { name: "12 months" }));
    expect(onChange).toHaveBeenCalledWith("12");
    expect(screen.getByRole("radio", { name: "12 months" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "3 months" })).not.toBeChecked();
  });

  it("arrow keys move the choice and skip disabled options", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("radio", { name: "3 months" }));
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("radio", { name: "12 months" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "12 months" })).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(screen.getByRole("radio", { name: "3 months" })).toBeChecked();
  });
});
