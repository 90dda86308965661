import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resizeTo } from "./testing";
import { useViewportWidth } from "./useViewportWidth";

function Width({ name }: { name: string }) {
  return <p>{`${name} ${useViewportWidth()}`}</p>;
}

describe("useViewportWidth", () => {
  const initialWidth = window.innerWidth;
  afterEach(() => {
    vi.restoreAllMocks();
    resizeTo(initialWidth);
  });

  it("reads the width once, not once per component, and again on a resize", () => {
    resizeTo(500);
    const reads = vi.spyOn(window, "innerWidth", "get");
    render(
      <>
        {Array.from({ length: 12 }, (_, i) => (
          <Width key={i} name={`w${i}`} />
        ))}
      </>,
    );
    expect(screen.getByText("w11 500")).toBeInTheDocument();
    expect(reads).not.toHaveBeenCalled();
    reads.mockReturnValue(900);
    act(() => {
      window.dispatchEvent(new Event("resize"));
    });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(screen.getByText("w0 900")).toBeInTheDocument();
    expect(screen.getByText("w11 900")).toBeInTheDocument();
  });

  it("reads the width again when the page comes back from the back-forward cache", () => {
    resizeTo(600);
    render(<Width name="w" />);
    expect(screen.getByText("w 600")).toBeInTheDocument();
    const reads = vi.spyOn(window, "innerWidth", "get").mockReturnValue(820);
    act(() => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    });
    expect(reads).not.toHaveBeenCalled();
    expect(screen.getByText("w 600")).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
    });
    expect(screen.getByText("w 820")).toBeInTheDocument();
  });
});
