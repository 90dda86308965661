import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { Later, renderStaged, whenShown } from "./staged";

function Page() {
  return (
    <div data-testid="page">
      <p>first</p>
      <Later>
        <p>second</p>
      </Later>
      <Later>
        <p>third</p>
      </Later>
    </div>
  );
}

describe("renderStaged", () => {
  it("holds each Later part back in the first render, adds them one task at a time, then shows the app", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ""));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    const show = vi.fn(() => expect(container.textContent).toBe("firstsecondthird"));

    const staged = renderStaged(() => render(<Page />, { container }), show);
    expect(container.textContent).toBe("first");
    expect(show).not.toHaveBeenCalled();
    await staged;
    observer.disconnect();

    expect(show).toHaveBeenCalledTimes(1);
    // Each part came in a step of its own, in order.
    expect(seen.filter((text, i) => text !== seen[i - 1])).toEqual(["first", "firstsecond", "firstsecondthird"]);
  });

  it("runs what waits for the screen only once the app is shown, and not what was cancelled", async () => {
    const order: string[] = [];
    const staged = renderStaged(
      () => render(<Page />),
      () => order.push("shown"),
    );
    whenShown(() => order.push("scroll"));
    const cancel = whenShown(() => order.push("cancelled"));
    cancel();
    expect(order).toEqual([]);
    await staged;
    expect(order).toEqual(["shown", "scroll"]);
    // On screen, a callback runs at once.
    whenShown(() => order.push("focus"));
    expect(order).toEqual(["shown", "scroll", "focus"]);
  });

  it("rejects when the render throws, and leaves nothing waiting", async () => {
    const show = vi.fn();
    const staged = renderStaged(() => {
      throw new Error("broken page");
    }, show);
    await expect(staged).rejects.toThrow("broken page");
    expect(show).not.toHaveBeenCalled();
    const later = vi.fn();
    whenShown(later);
    expect(later).toHaveBeenCalledTimes(1);
    render(<Page />);
    expect(screen.getByTestId("page")).toHaveTextContent("firstsecondthird");
  });

  it("renders Later parts at once outside the first render", () => {
    render(<Page />);
    expect(screen.getByTestId("page")).toHaveTextContent("firstsecondthird");
  });
});
