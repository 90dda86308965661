import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { options } from "preact";
import { afterEach } from "vitest";

// Preact runs effects after the next frame; jsdom's frames (and a test's fake clock) would
// hold them back, so in tests they run as soon as the render is done.
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

afterEach(() => {
  cleanup();
  // Files that run in the node environment (the request layer's) have no DOM storage.
  if (typeof localStorage !== "undefined") localStorage.clear();
  if (typeof sessionStorage !== "undefined") sessionStorage.clear();
  if (typeof document !== "undefined") {
    document.cookie.split(";").forEach((c) => {
      const name = c.split("=")[0]?.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
    });
  }
});
