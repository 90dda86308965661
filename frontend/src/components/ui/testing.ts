/** Test helpers for the UI components' tests (not part of the components' public API). */
import { act } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { vi } from "vitest";

type JestShim = { jest?: { advanceTimersByTime: (ms: number) => void } };

/**
 * Fakes timers and returns a user-event instance that advances them. Testing Library waits
 * for a zero timeout after each action and moves fake clocks only through a global `jest`,
 * so this lends it vitest's clock until `useRealClock` runs.
 */
export function useFakeClock() {
  vi.useFakeTimers();
  (globalThis as JestShim).jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

export function useRealClock() {
  vi.useRealTimers();
  delete (globalThis as JestShim).jest;
}

/** Moves the fake clock on inside act(), so the effects it triggers render. */
export function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

/** Sets window.innerWidth and fires the resize event components listen for. */
export function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event("resize"));
  });
}
