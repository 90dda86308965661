import { Suspense } from "react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { preloadable } from "./preloadable";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe("preloadable", () => {
  it("renders through the fallback until its chunk has loaded", async () => {
    const Page = preloadable<{ name: string }>(() => Promise.resolve({ default: Greeting }));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    expect(await screen.findByText("Hello Ann")).toBeInTheDocument();
  });

  it("renders at once, without the fallback, once preloaded", async () => {
    let loads = 0;
    const Page = preloadable<{ name: string }>(() => {
      loads += 1;
      return Promise.resolve({ default: Greeting });
    });
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page name="Bo" />
      </Suspense>,
    );
    expect(screen.queryByText("Loading…")).not.toBeInTheDocument();
    expect(screen.getByText("Hello Bo")).toBeInTheDocument();
    expect(loads).toBe(1);
  });
});
