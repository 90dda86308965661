import { Buffer } from "node:buffer";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../api/client", () => ({ signOut: vi.fn() }));

import { signOut as postSignOut } from "../api/client";
import { useSession } from "./session";

/** The sign-on cookie as the server writes it (docs/API.md "Cookies"): base64 of the JSON. */
function setSignOn(json: Record<string, unknown>, name = "signon"): void {
  document.cookie = `${name}=${Buffer.from(JSON.stringify(json), "utf8").toString("base64")}; Path=/`;
}

function refresh() {
  useSession.getState().refresh();
  return useSession.getState();
}

const SIGNED_OUT = { signedIn: false, fullySignedIn: false, delegated: false, name: null, memberId: null };

describe("session store", () => {
  beforeEach(() => {
    vi.mocked(postSignOut).mockReset();
  });
  afterEach(() => {
    // Leave the store as a signed-out page would have it.
    refresh();
  });

  it("is signed out without a sign-on cookie", () => {
    expect(refresh()).toMatchObject(SIGNED_OUT);
  });

  it("reads the member's id and name from the base64 sign-on cookie", () => {
    setSignOn({ id: "42", accountId: "42", realName: "Ada Lovelace" });
    expect(refresh()).toMatchObject({
      signedIn: true,
      fullySignedIn: false,
      delegated: false,
      name: "Ada Lovelace",
      memberId: "42",
    });
  });

  it("is fully signed in when the cookie carries full", () => {
    setSignOn({ id: "42", accountId: "42", full: true, realName: "Ada" });
    expect(refresh()).toMatchObject({ signedIn: true, fullySignedIn: true });
  });

  it("reads a name with characters outside ASCII", () => {
    setSignOn({ id: "7", realName: "Zoë Ångström" });
    expect(refresh().name).toBe("Zoë Ångström");
  });

  it("falls back to the first name, then to no name", () => {
    setSignOn({ id: "42", firstName: "Ada" });
    expect(refresh().name).toBe("Ada");
    setSignOn({ id: "42" });
    const state = refresh();
    expect(state.signedIn).toBe(true);
    expect(state.name).toBeNull();
  });

  it("also reads the cookie as plain JSON text", () => {
    document.cookie = `signon=${encodeURIComponent(JSON.stringify({ id: "9", realName: "Grace" }))}; Path=/`;
    expect(refresh()).toMatchObject({ signedIn: true, name: "Grace", memberId: "9" });
  });

  it.each([
    ["text that is not base64", "not base64!"],
    ["base64 of text that is not JSON", Buffer.from("hello there").toString("base64")],
    ["base64 of a JSON array", Buffer.from('[{"id":"42"}]').toString("base64")],
    ["an empty value", ""],
    ["a broken percent escape", "%E0%A4%A"],
  ])("is signed out when the cookie holds %s", (_what, value) => {
    document.cookie = `signon=${value}; Path=/`;
    expect(refresh()).toMatchObject(SIGNED_OUT);
  });

  it("marks a delegated session (auth-user) as delegated", () => {
    setSignOn({ id: "42", realName: "Ada", "auth-user": "support-7" });
    expect(refresh()).toMatchObject({ signedIn: true, delegated: true });
  });

  it("an empty or false auth-user is not a delegated session", () => {
    setSignOn({ id: "42", "auth-user": "" });
    expect(refresh().delegated).toBe(false);
    setSignOn({ id: "42", "auth-user": false });
    expect(refresh().delegated).toBe(false);
  });

  it("signing out posts the sign-out and reads the cookie again", async () => {
    setSignOn({ id: "42", realName: "Ada" });
    refresh();
    vi.mocked(postSignOut).mockImplementation(async () => {
      document.cookie = "signon=; Max-Age=0; Path=/";
      return { signedOut: true } as unknown as Awaited<ReturnType<typeof postSignOut>>;
    });
    await useSession.getState().signOut();
    expect(postSignOut).toHaveBeenCalledTimes(1);
    expect(useSession.getState()).toMatchObject(SIGNED_OUT);
  });

  it("reads the cookie again even when the sign-out call fails", async () => {
    setSignOn({ id: "42", realName: "Ada" });
    refresh();
    vi.mocked(postSignOut).mockRejectedValue(new Error("offline"));
    await expect(useSession.getState().signOut()).rejects.toThrow("offline");
    // The cookie is still there, so the page still shows the member.
    expect(useSession.getState()).toMatchObject({ signedIn: true, name: "Ada" });
  });

  it("reads the cookie again when the page is shown again: a sign-in in another tab, a page back from the cache", () => {
    refresh();
    setSignOn({ id: "42", realName: "Ada" });
    expect(useSession.getState().signedIn).toBe(false);
    expect(document.visibilityState).toBe("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(useSession.getState()).toMatchObject({ signedIn: true, name: "Ada" });
    document.cookie = "signon=; Max-Age=0; Path=/";
    window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
    expect(useSession.getState()).toMatchObject(SIGNED_OUT);
  });

  it("a page whose sign-on cookie is unreadable still loads, signed out", async () => {
    document.cookie = "signon=%E0%A4%A; Path=/";
    vi.resetModules();
    const fresh = await import("./session");
    expect(fresh.useSession.getState()).toMatchObject(SIGNED_OUT);
  });
});
