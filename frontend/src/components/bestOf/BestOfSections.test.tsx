import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({ expertsGallery: vi.fn() }));
vi.mock("../qna/QuestionBox", () => ({ default: () => <p>Questions</p> }));

import { expertsGallery } from "../../api/client";
import type { ExpertsGalleryResponse } from "../../api/generated/ExpertsGalleryResponse";
import type { RouteInfo } from "../../api/generated/RouteInfo";
import BestOfSections from "./BestOfSections";

function gallery(count: number): ExpertsGalleryResponse {
  return {
    error: false,
    data: {
      expertsContent: Array.from({ length: count }, (_, i) => ({
        AUTHOR: `Test Expert ${i + 1}`,
        CAPTION: "Test field",
        CONTENT: "<p>Test profile.</p>",
        AVATAR: "",
        HASHTAG: `#TestExpert${i + 1}`,
      })),
      expertsIntro: "",
      aslogos: false,
      header_text: "Ask the experts",
      more_text: "More Experts",
      back_link_text: "Back to All Experts",
    },
  };
}

function renderSections() {
  const route = { path: "/best-credit-cards" } as RouteInfo;
  const router = createMemoryRouter([{ path: "*", element: <BestOfSections route={route} /> }], { initialEntries: ["/best-credit-cards"] });
  render(<RouterProvider router={router} />);
}

describe("BestOfSections", () => {
  beforeEach(() => vi.mocked(expertsGallery).mockReset());

  it("says no experts are listed and links no empty gallery", async () => {
    vi.mocked(expertsGallery).mockResolvedValue(gallery(0));
    renderSections();
    expect(await screen.findByText("No experts are listed yet.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "All our experts" })).not.toBeInTheDocument();
  });

  it("links the gallery once it has someone in it", async () => {
    vi.mocked(expertsGallery).mockResolvedValue(gallery(2));
    renderSections();
    expect(await screen.findByRole("link", { name: "All our experts" })).toHaveAttribute("href", "/experts/");
  });
});
