import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ reportAbuse: vi.fn() }));

import { reportAbuse } from "../api/client";
import { RequestError } from "../api/errors";
import ReportAbusePage from "./ReportAbusePage";
import { renderAt } from "../test/routing";
import { settle } from "../test/settle";

function renderReport(address: string) {
  renderAt(
    address,
    <Routes>
      <Route path="/report-abuse" element={<ReportAbusePage />} />
    </Routes>,
  );
}


describe("ReportAbusePage", () => {
  beforeEach(() => {
    vi.mocked(reportAbuse).mockReset();
  });

  it("files the report named by the address, with the reason, and offers the way back", async () => {
    vi.mocked(reportAbuse).mockResolvedValue({ error: false, message: "Thank you. A moderator will look at it." });
    renderReport("/report-abuse/?ru=%2Fanswers%2Fx-2%3Fqpage%3D2&t=a&id=7");
    expect(screen.getByText(/You are reporting an answer/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: "What is wrong with it? (optional)" }), "  Spam link  ");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    await settle();
    expect(reportAbuse).toHaveBeenCalledWith({ t: "a", id: "7", ru: "/answers/x-2?qpage=2", reason: "Spam link" });
    expect(screen.getByRole("status")).toHaveTextContent("Thank you. A moderator will look at it.");
    expect(screen.getByRole("link", { name: "Back to the page" })).toHaveAttribute("href", "/answers/x-2?qpage=2");
  });

  it("never links back off the site, and says when the link names nothing", async () => {
    renderReport("/report-abuse/?ru=https%3A%2F%2Fevil.example%2F&t=q&id=3");
    expect(screen.getByText(/You are reporting a question/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the page" })).toHaveAttribute("href", "/answers/");
  });

  it("says when the link names nothing to report", () => {
    renderReport("/report-abuse/?t=z&id=abc");
    expect(screen.getByText("This link does not name a question, an answer or a review to report.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send report" })).not.toBeInTheDocument();
  });

  it("shows a refusal as the server words it and keeps the form", async () => {
    vi.mocked(reportAbuse).mockRejectedValueOnce(new RequestError(-1, "failed request", { message: "You have sent many reports. Please try again in 40 minutes." }));
    renderReport("/report-abuse/?ru=%2Fanswers%2F&t=a&id=7");
    await userEvent.click(screen.getByRole("button", { name: "Send report" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent("You have sent many reports. Please try again in 40 minutes.");
    expect(screen.getByRole("button", { name: "Send report" })).toBeInTheDocument();
  });

  it("ignores a second send while one is on its way", async () => {
    vi.mocked(reportAbuse).mockReturnValue(new Promise(() => {}));
    renderReport("/report-abuse/?ru=%2Fanswers%2F&t=a&id=7");
    fireEvent.click(screen.getByRole("button", { name: "Send report" }));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: "Sending…" }));
    await settle();
    expect(reportAbuse).toHaveBeenCalledTimes(1);
  });

});
