import { afterEach, describe, expect, it } from "vitest";

import { hasApp, mobileStore, PLAY_STORE_META, storeUrls } from "./storeLinks";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const IPOD = "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
const IPADOS_SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

describe("mobileStore", () => {
  it.each([
    ["iPhone", IPHONE, 5, "apple"],
    ["iPad", IPAD, 5, "apple"],
    ["iPod", IPOD, 5, "apple"],
    ["iPadOS Safari, which calls itself a Mac but has touch", IPADOS_SAFARI, 5, "apple"],
    ["a Mac", IPADOS_SAFARI, 0, null],
    ["Android", ANDROID, 5, "android"],
    ["Windows", WINDOWS, 0, null],
    ["a Windows touch screen", WINDOWS, 10, null],
    ["Linux", LINUX, 0, null],
    ["no user agent", "", 0, null],
  ] as const)("%s", (_, userAgent, touchPoints, expected) => {
    expect(mobileStore(userAgent, touchPoints)).toBe(expected);
  });
});

describe("store addresses", () => {
  afterEach(() => document.head.querySelectorAll("meta[name^='plainrate:']").forEach((m) => m.remove()));

  it("are none, and there is no app, without the page's meta tags", () => {
    expect(storeUrls()).toEqual({ apple: null, android: null });
    expect(hasApp()).toBe(false);
  });

  it("are the pages the server names in the meta tags", () => {
    const play = document.createElement("meta");
    play.name = PLAY_STORE_META;
    play.content = "https://play.example.test/plainrate";
    document.head.append(play);
    expect(storeUrls()).toEqual({ apple: null, android: "https://play.example.test/plainrate" });
    expect(hasApp()).toBe(true);
  });

  it("offer a phone only its own store's page", () => {
    const onlyPlay = { apple: null, android: "https://play.example.test/plainrate" };
    expect(hasApp(onlyPlay, "apple")).toBe(false);
    expect(hasApp(onlyPlay, "android")).toBe(true);
    expect(hasApp(onlyPlay, null)).toBe(true);
    expect(hasApp({ apple: "https://apps.example.test/plainrate", android: null }, "android")).toBe(false);
  });
});
