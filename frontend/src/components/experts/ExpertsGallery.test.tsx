import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ expertsGallery: vi.fn() }));

import { expertsGallery } from "../../api/client";
import type { ExpertsGalleryResponse } from "../../api/generated/ExpertsGalleryResponse";
import { ExpertsGallery } from "./ExpertsGallery";
import { settle } from "../../test/settle";


function gallery(count: number): ExpertsGalleryResponse {
  return {
    error: false,
    data: {
      expertsContent: Array.from({ length: count }, (_, i) => ({
        AUTHOR: `Expert ${i + 1}`,
        CAPTION: `Field ${i + 1}`,
        CONTENT: `<p>Profile of expert ${i + 1}.</p>`,
        AVATAR: i === 0 ? "" : `/assets/avatars/sample-${i}.svg`,
        HASHTAG: `#Expert${i + 1}`,
      })),
      expertsIntro: "Sample profiles.",
      aslogos: false,
      header_text: "Ask the experts",
      more_text: "More Experts",
      back_link_text: "Back to All Experts",
    },
  };
}

function renderGallery(entry: string, props: Partial<Parameters<typeof ExpertsGallery>[0]> = {}) {
  const router = createMemoryRouter([{ path: "/experts/", element: <ExpertsGallery path="/experts/" {...props} /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const names = () => within(screen.getByRole("list", { name: /Experts/ })).getAllByRole("heading").map((h) => h.textContent);

describe("ExpertsGallery", () => {
  beforeEach(() => {
    vi.mocked(expertsGallery).mockReset();
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  });

  it("shows loading, then a grid of 6 whose More Experts goes on and wraps to the first page", async () => {
    vi.mocked(expertsGallery).mockResolvedValue(gallery(13));
    renderGallery("/experts/");
    expect(screen.getByRole("status")).toHaveTextContent("Loading experts…");
    await settle();
    expect(expertsGallery).toHaveBeenCalledWith("/experts/", expect.any(AbortSignal));
    expect(screen.getByText("Sample profiles.")).toBeInTheDocument();
    expect(names()).toEqual(["Expert 1", "Expert 2", "Expert 3", "Expert 4", "Expert 5", "Expert 6"]);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    const more = screen.getByRole("button", { name: "More Experts" });
    await userEvent.click(more);
    expect(names()[0]).toBe("Expert 7");
    await userEvent.click(more);
    expect(names()).toEqual(["Expert 13"]);
    await userEvent.click(more);
    expect(names()[0]).toBe("Expert 1");
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
  });

  it("starts from the server's gallery without asking again, and hides More with one page", async () => {
    renderGallery("/experts/", { initial: gallery(4) });
    await settle();
    expect(expertsGallery).not.toHaveBeenCalled();
    expect(names()).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "More Experts" })).not.toBeInTheDocument();
  });

  it("opens an expert, pushing the expert= fragment, and Back to All Experts clears it", async () => {
    const router = renderGallery("/experts/", { initial: gallery(8) });
    await settle();
    await userEvent.click(screen.getByRole("link", { name: "Expert 2" }));
    expect(router.state.location.hash).toBe("#expert=Expert2");
    expect(router.state.historyAction).toBe("PUSH");
    const profile = screen.getByRole("article", { name: "Expert 2" });
    expect(profile).toHaveTextContent("Profile of expert 2.");
    expect(screen.getByRole("heading", { name: "Expert 2" })).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "← Back to All Experts" }));
    expect(router.state.location.hash).toBe("");
    expect(router.state.historyAction).toBe("PUSH");
    expect(names()).toHaveLength(6);
    // The focus goes back to the expert just read.
    expect(screen.getByRole("link", { name: "Expert 2" })).toHaveFocus();
  });

  it("opens a shared link's expert whatever its case, scrolls 100 px above it and reports the match", async () => {
    const onHashtagMatch = vi.fn();
    // The profile starts 500 px down the page.
    const box = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 500 } as DOMRect);
    renderGallery("/experts/#expert=EXPERT8", { initial: gallery(8), onHashtagMatch });
    await settle();
    box.mockRestore();
    expect(screen.getByRole("article", { name: "Expert 8" })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 400 });
    expect(onHashtagMatch).toHaveBeenCalledWith(true);
    // Back goes to the page that holds the expert.
    await userEvent.click(screen.getByRole("button", { name: "← Back to All Experts" }));
    expect(names()).toEqual(["Expert 7", "Expert 8"]);
  });

  it("says when a shared link names nobody, shows everyone and reports no match", async () => {
    const onHashtagMatch = vi.fn();
    renderGallery("/experts/#expert=Nobody", { initial: gallery(3), onHashtagMatch });
    await settle();
    expect(screen.getByRole("status")).toHaveTextContent("No expert goes by “Nobody”");
    expect(names()).toHaveLength(3);
    expect(onHashtagMatch).toHaveBeenCalledWith(false);
  });

  it("shows the empty state", async () => {
    vi.mocked(expertsGallery).mockResolvedValue(gallery(0));
    renderGallery("/experts/");
    await settle();
    expect(screen.getByText("No experts are listed yet.")).toBeInTheDocument();
  });

  it("shows the error state with Try again, for a failed call and for error: true", async () => {
    vi.mocked(expertsGallery).mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ error: true, data: null }).mockResolvedValueOnce(gallery(2));
    renderGallery("/experts/");
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("The experts could not be loaded.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(screen.getByRole("alert")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await settle();
    expect(names()).toHaveLength(2);
  });

  it("cancels the request when the gallery leaves the page", async () => {
    let signal: AbortSignal | undefined;
    vi.mocked(expertsGallery).mockImplementation((_path, s) => {
      signal = s;
      return new Promise(() => {});
    });
    const router = createMemoryRouter([{ path: "/experts/", element: <ExpertsGallery path="/experts/" /> }, { path: "/", element: <p>Home</p> }], { initialEntries: ["/experts/"] });
    render(<RouterProvider router={router} />);
    await settle();
    await act(() => router.navigate("/"));
    expect(signal?.aborted).toBe(true);
  });

  it("inside a section names the experts one level down, and tells the page the gallery's heading", async () => {
    const onLoaded = vi.fn();
    renderGallery("/experts/", { initial: gallery(2), headingLevel: 3, onLoaded });
    await settle();
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Expert 1", "Expert 2"]);
    expect(onLoaded).toHaveBeenCalledWith(expect.objectContaining({ header_text: "Ask the experts" }));
  });
});
