import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it } from "vitest";

import { APP_STORE_URL, mobileStore, PLAY_STORE_URL } from "./storeLinks";

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
  it("are the server's APP_STORE_URL and PLAY_STORE_URL defaults", () => {
    const config = readFileSync(resolve(__dirname, "../../../../apps/plainrate/src/config.rs"), "utf8");
    const byEnv = (name: string) => new RegExp(`env = "${name}",\\s*default_value = "([^"]+)"`).exec(config)?.[1];
    expect(APP_STORE_URL).toBe(byEnv("APP_STORE_URL"));
    expect(PLAY_STORE_URL).toBe(byEnv("PLAY_STORE_URL"));
  });
});
