import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { Later, renderStaged } from "./staged";

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
  it("holds each Later part back in the first render, then adds them one task at a time", async () => {
    const container = document.body.appendChild(document.createElement("div"));
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ""));
    observer.observe(container, { childList: true, subtree: true, characterData: true });

    const staged = renderStaged(() => render(<Page />, { container }));
    expect(container.textContent).toBe("first");
    await staged;
    observer.disconnect();

    expect(container.textContent).toBe("firstsecondthird");
    // Each part came in a step of its own, in order.
    expect(seen.filter((text, i) => text !== seen[i - 1])).toEqual(["first", "firstsecond", "firstsecondthird"]);
  });

  it("renders Later parts at once outside the first render", () => {
    render(<Page />);
    expect(screen.getByTestId("page")).toHaveTextContent("firstsecondthird");
  });
});
