import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { advance, useFakeClock, useRealClock } from "./testing";
import { YesNoDropdown, type YesNo } from "./YesNoDropdown";

describe("YesNoDropdown", () => {
  let user: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    user = useFakeClock();
  });
  afterEach(useRealClock);

  function YesNoHarness({ onChange }: { onChange: (v: YesNo | null) => void }) {
    const [value, setValue] = useState<YesNo | null>(null);
    return (
      <YesNoDropdown
        label="Do you have a bank account?"
        value={value}
        onChange={(v) => {
          onChange(v);
          setValue(v);
        }}
      />
    );
  }

  async function pick(name: string) {
    await user.click(screen.getByRole("button", { name: /^Do you have a bank account\?/ }));
    advance(100);
    await user.click(screen.getByRole("option", { name }));
  }

  it("starts unset, answers Yes or No, and unsets when the same answer is chosen again", async () => {
    const onChange = vi.fn();
    render(<YesNoHarness onChange={onChange} />);
    const button = screen.getByRole("button", { name: /^Do you have a bank account\?/ });
    expect(button).toHaveAccessibleName("Do you have a bank account? Select");

    await pick("Yes");
    expect(onChange).toHaveBeenLastCalledWith("yes");
    expect(button).toHaveAccessibleName("Do you have a bank account? Yes");

    await pick("Yes");
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(button).toHaveAccessibleName("Do you have a bank account? Select");

    await pick("No");
    expect(onChange).toHaveBeenLastCalledWith("no");
    await pick("Yes");
    expect(onChange).toHaveBeenLastCalledWith("yes");
  });
});
