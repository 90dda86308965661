import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RemovableTag } from "./RemovableTag";

describe("RemovableTag", () => {
  it("shows its label and removes through a button named after it", async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    render(<RemovableTag label="No annual fee" onRemove={onRemove} />);
    expect(screen.getByText("No annual fee")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove No annual fee" }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it("accepts another name for the remove button", () => {
    render(<RemovableTag label="Travel" onRemove={() => {}} removeLabel="Clear filter Travel" />);
    expect(screen.getByRole("button", { name: "Clear filter Travel" })).toBeInTheDocument();
  });
});
