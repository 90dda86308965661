import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AskedBy } from "./SourceCredit";

const source = {
  source: "Test Source",
  source_url: "https://source.example/",
  licence: "Test Licence",
  licence_url: "https://licence.example/",
  note: "No author recorded.",
};

describe("AskedBy", () => {
  it("names the category of a source's question, as the server's page does", () => {
    render(<AskedBy question={{ source, asker_login: "source", date: "" }} category="Credit Cards" />);
    expect(document.querySelector(".qna-source")?.textContent).toBe(
      "From Test Source, opens in a new tab, licensed Test Licence, opens in a new tab. No author recorded. In Credit Cards.",
    );
  });

  it("names a member's question's asker, date and category", () => {
    render(<AskedBy question={{ asker_login: "pat", date: "2026-03-04T10:00:00Z" }} category="Savings" />);
    expect(document.querySelector(".qna-question__meta")?.textContent).toMatch(/^Asked by @pat on .+ in Savings$/);
  });
});
