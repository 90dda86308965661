/** Points the request layer at a fresh mock server for each test, and resets it afterwards. */
import { afterEach, beforeEach } from "vitest";
import { resetAntiForgery } from "../antiForgery";
import { clearCaptchaBlock } from "../captchaBlock";
import { configureApi, resetApiSettings } from "../settings";
import { startMockServer, type MockServer } from "./mockServer";
import { recordEvents, type Recorded } from "./recordEvents";

export interface Harness {
  server: MockServer;
  events: Recorded[];
  eventNames: () => string[];
}

/** Call at the top of a test file; the returned object is refilled before every test. */
export function useMockServer(): Harness {
  const harness = {} as Harness;
  let stop = () => undefined as void;
  beforeEach(async () => {
    harness.server = await startMockServer();
    // No cookie by default, so the token step runs unless a test gives one.
    configureApi({ baseUrl: harness.server.url, readCookie: () => undefined });
    resetAntiForgery();
    clearCaptchaBlock();
    const recorder = recordEvents();
    harness.events = recorder.events;
    harness.eventNames = recorder.names;
    stop = recorder.stop;
  });
  afterEach(async () => {
    stop();
    await harness.server.close();
    resetApiSettings();
    resetAntiForgery();
  });
  return harness;
}
