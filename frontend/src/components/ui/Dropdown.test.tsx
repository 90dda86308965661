import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dropdown, type DropdownOption } from "./Dropdown";
import { advance, useFakeClock, useRealClock } from "./testing";

const OPTIONS: DropdownOption[] = [
  { value: "cash", label: "Cash back" },
  { value: "travel", label: "Travel" },
  { value: "transfer", label: "Balance transfer", disabled: true },
  { value: "student", label: "Student" },
];

function Harness(props: { initial?: string | null; clearable?: boolean; onChange?: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(props.initial ?? null);
  return (
    <>
      <Dropdown
        label="Card type"
        options={OPTIONS}
        value={value}
        clearable={props.clearable}
        onChange={(v) => {
          props.onChange?.(v);
          setValue(v);
        }}
      />
      <button type="button">After</button>
    </>
  );
}

const trigger = () => screen.getByRole("button", { name: /^Card type/ });
const activeOption = () => {
  const id = screen.getByRole("listbox").getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

describe("Dropdown", () => {
  let user: ReturnType<typeof useFakeClock>;
  beforeEach(() => {
    user = useFakeClock();
  });
  afterEach(useRealClock);

  it("is a button announcing a listbox, named by its label and current value", () => {
    render(<Harness initial="travel" />);
    const button = trigger();
    expect(button).toHaveAccessibleName("Card type Travel");
    expect(button).toHaveAttribute("aria-haspopup", "listbox");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("shows the placeholder while nothing is chosen", () => {
    render(<Harness />);
    expect(trigger()).toHaveAccessibleName("Card type Select");
  });

  it("opens a labelled listbox, focuses it and marks the current option", async () => {
    render(<Harness initial="travel" />);
    await user.click(trigger());
    const list = screen.getByRole("listbox", { name: "Card type" });
    expect(trigger()).toHaveAttribute("aria-expanded", "true");
    expect(trigger()).toHaveAttribute("aria-controls", list.id);
    expect(list).toHaveFocus();
    expect(screen.getByRole("option", { name: "Travel" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("option", { name: "Cash back" })).toHaveAttribute("aria-selected", "false");
    expect(activeOption()).toHaveTextContent("Travel");
  });

  it("ignores a choice made within 100 ms of opening", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    advance(99);
    await user.click(screen.getByRole("option", { name: "Travel" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole("listbox")).toBeInTheDocument();

    advance(1);
    await user.click(screen.getByRole("option", { name: "Travel" }));
    expect(onChange).toHaveBeenCalledWith("travel");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(trigger()).toHaveAccessibleName("Card type Travel");
    expect(trigger()).toHaveFocus();
  });

  it("moves with the arrow keys, skips disabled options and chooses with Enter", async () => {
    const onChange = vi.fn();
    render(<Harness initial="travel" onChange={onChange} />);
    trigger().focus();
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("listbox")).toHaveFocus();
    expect(activeOption()).toHaveTextContent("Travel");
    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent("Student");
    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent("Student");
    await user.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveTextContent("Travel");
    advance(100);
    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenCalledWith("travel");
    expect(trigger()).toHaveFocus();
  });

  it("ArrowUp on the button opens at the last option; Home and End jump", async () => {
    render(<Harness />);
    trigger().focus();
    await user.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveTextContent("Student");
    await user.keyboard("{Home}");
    expect(activeOption()).toHaveTextContent("Cash back");
    await user.keyboard("{End}");
    expect(activeOption()).toHaveTextContent("Student");
  });

  it("chooses with Space too", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    trigger().focus();
    await user.keyboard("{ArrowDown}");
    advance(100);
    await user.keyboard(" ");
    expect(onChange).toHaveBeenCalledWith("cash");
  });

  it("Escape closes without choosing and returns focus to the button", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    advance(100);
    await user.keyboard("{ArrowDown}{Escape}");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger()).toHaveFocus();
  });

  it("jumps to an option by typing its first letters", async () => {
    render(<Harness />);
    await user.click(trigger());
    await user.keyboard("s");
    expect(activeOption()).toHaveTextContent("Student");
    advance(600);
    await user.keyboard("tr");
    expect(activeOption()).toHaveTextContent("Travel");
  });

  it("ignores clicks on a disabled option", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(trigger());
    advance(100);
    const disabled = screen.getByRole("option", { name: "Balance transfer" });
    expect(disabled).toHaveAttribute("aria-disabled", "true");
    await user.click(disabled);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("closes when focus leaves, and when the button is clicked again", async () => {
    render(<Harness />);
    await user.click(trigger());
    await user.click(screen.getByRole("button", { name: "After" }));
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    await user.click(trigger());
    await user.click(trigger());
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
    expect(trigger()).toHaveAttribute("aria-expanded", "false");
  });

  it("a clearable dropdown offers a first option that resets to none", async () => {
    const onChange = vi.fn();
    render(<Harness initial="cash" clearable onChange={onChange} />);
    await user.click(trigger());
    const options = screen.getAllByRole("option");
    expect(options[0]).toHaveTextContent("Clear");
    expect(options[0]).toHaveAttribute("aria-selected", "false");
    advance(100);
    await user.click(screen.getByRole("option", { name: "Clear" }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(trigger()).toHaveAccessibleName("Card type Select");
  });

  it("a disabled dropdown does not open", async () => {
    render(<Dropdown label="Card type" options={OPTIONS} value={null} onChange={() => {}} disabled />);
    await user.click(trigger());
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });
});
