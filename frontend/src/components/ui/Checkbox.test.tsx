import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Checkbox } from "./Checkbox";

describe("Checkbox", () => {
  function Harness() {
    const [checked, setChecked] = useState(false);
    return <Checkbox label="Compare" checked={checked} onChange={setChecked} />;
  }

  it("flips on and off by click on its label and by Space", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole("checkbox", { name: "Compare" });
    expect(box).not.toBeChecked();
    await user.click(screen.getByText("Compare"));
    expect(box).toBeChecked();
    await user.keyboard(" ");
    expect(box).not.toBeChecked();
  });

  it("reports the new state and respects disabled", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<Checkbox label="Compare" checked onChange={onChange} />);
    await user.click(screen.getByRole("checkbox"));
    expect(onChange).toHaveBeenCalledWith(false);
    rerender(<Checkbox label="Compare" checked onChange={onChange} disabled />);
    await user.click(screen.getByRole("checkbox"));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
