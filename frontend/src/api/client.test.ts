// @vitest-environment node
import { describe, expect, it } from "vitest";
import * as client from "./client";
import { useMockServer } from "./testing/harness";
import { hangUp, json, TOKEN, WINDOW_ID, type Seen } from "./testing/mockServer";

const h = useMockServer();

/** Answers `path` with `body` and returns the one request the call made there. */
async function sentTo(path: string, call: () => Promise<unknown>, body: unknown = { ok: true }): Promise<Seen> {
  h.server.on(path, json(200, body));
  await call();
  const sent = h.server.to(path);
  expect(sent).toHaveLength(1);
  return sent[0] as Seen;
}

const form = (seen: Seen) => Object.fromEntries(new URLSearchParams(seen.body));
const query = (seen: Seen) => Object.fromEntries(seen.query);

function expectAntiForgery(seen: Seen) {
  expect(seen.headers["x-xsrf-token"]).toBe(TOKEN);
  expect(seen.headers["x-xsrf-whid"]).toBe(WINDOW_ID);
}

describe("client: catalogue reads", () => {
  it("routes() is GET /api/routes", async () => {
    const sent = await sentTo("/api/routes", () => client.routes(), { routes: [] });
    expect(sent.method).toBe("GET");
    expect(sent.headers.accept).toBe("application/json");
    expect(sent.headers["x-xsrf-token"]).toBeUndefined();
  });

  it("listings() puts its parameters in the query", async () => {
    const sent = await sentTo("/api/listings", () => client.listings({ route: "/credit-cards/rewards", sort: "apy", page: 2, per_page: 10 }));
    expect(sent.method).toBe("GET");
    expect(query(sent)).toEqual({ route: "/credit-cards/rewards", sort: "apy", page: "2", per_page: "10" });
  });

  it("offer() escapes the name as one path segment", async () => {
    h.server.on("/api/offers/d%2Fcash%20card", json(200, { id: "x" }));
    await expect(client.offer("d/cash card")).resolves.toEqual({ id: "x" });
    expect(h.server.seen[0]?.method).toBe("GET");
  });

  it("institution() is GET /api/institutions/{id}", async () => {
    const sent = await sentTo("/api/institutions/bank-1", () => client.institution("bank-1"));
    expect(sent.method).toBe("GET");
  });

  it("compare() sends the ids comma-separated", async () => {
    const sent = await sentTo("/api/compare", () => client.compare(["ccb-2", "ccb-1"]));
    expect(query(sent)).toEqual({ ids: "ccb-2,ccb-1" });
  });

  it("content() asks for a path", async () => {
    const sent = await sentTo("/api/content", () => client.content("/about"));
    expect(sent.method).toBe("GET");
    expect(query(sent)).toEqual({ path: "/about" });
  });

  it("catalogue errors are normalised", async () => {
    h.server.on("/api/offers/nope", json(404, { error: true, code: "not_found", message: "no product named nope" }));
    await expect(client.offer("nope")).rejects.toMatchObject({ status: 404, type: "failed request", data: { code: "not_found" } });
  });
});

describe("client: rating votes", () => {
  it("rateProduct() is a form-encoded Details.SetRate POST to /ajax.php with anti-forgery", async () => {
    const sent = await sentTo("/ajax.php", () => client.rateProduct("pid-1", 4), { error: false, guest: false });
    expect(sent.method).toBe("POST");
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(form(sent)).toEqual({ action: "Details.SetRate", pid: "pid-1", rtg: "4" });
    expectAntiForgery(sent);
  });

  it("rateInstitution() is a form-encoded Reviews.SetInstRate POST", async () => {
    const sent = await sentTo("/ajax.php", () => client.rateInstitution("bank-1", 3), { error: false, guest: false });
    expect(form(sent)).toEqual({ action: "Reviews.SetInstRate", inst_uid: "bank-1", rating: "3" });
    expectAntiForgery(sent);
  });
});

describe("client: members", () => {
  it("join() posts the form as JSON to /join", async () => {
    const sent = await sentTo("/join", () => client.join({ email: "ada@example.com", password: "secret-pass", name: "Ada" }));
    expect(sent.method).toBe("POST");
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(sent.body)).toEqual({ email: "ada@example.com", password: "secret-pass", name: "Ada" });
    expectAntiForgery(sent);
  });

  it("joinLight() posts the e-mail and return address to /join/light", async () => {
    const sent = await sentTo("/join/light", () => client.joinLight({ email: "bo@example.com", ref: "/d/cash-card" }), { ok: true, message: "sent", ref: "/" });
    expect(JSON.parse(sent.body)).toEqual({ email: "bo@example.com", ref: "/d/cash-card" });
    expectAntiForgery(sent);
  });

  it("confirmLight() posts the code to /join/light/confirm", async () => {
    const sent = await sentTo("/join/light/confirm", () => client.confirmLight("c0de"));
    expect(sent.method).toBe("POST");
    expect(JSON.parse(sent.body)).toEqual({ code: "c0de" });
    expectAntiForgery(sent);
  });

  it("signIn() posts the credentials to /sign-in", async () => {
    const sent = await sentTo("/sign-in", () => client.signIn({ email: "ada@example.com", password: "pw" }));
    expect(JSON.parse(sent.body)).toEqual({ email: "ada@example.com", password: "pw" });
    expectAntiForgery(sent);
  });

  it("signOut() posts to /sign-out with no body", async () => {
    const sent = await sentTo("/sign-out", () => client.signOut());
    expect(sent.method).toBe("POST");
    expect(sent.body).toBe("");
    expectAntiForgery(sent);
  });

  it("a sign-in drops the kept token, so the next write fetches the rotated one", async () => {
    h.server.on("/sign-in", json(200, { ok: true }));
    h.server.on("/sign-out", json(200, { ok: true }));
    await client.signIn({ email: "ada@example.com", password: "pw" });
    await client.signOut();
    const tokenSteps = h.server.to("/home/rpc").filter((s) => s.query.get("action") === "get-csrf-token");
    expect(tokenSteps).toHaveLength(2);
  });

  it("privateInfo() is a GET that asks for JSON", async () => {
    const sent = await sentTo("/home/settings/private-info", () => client.privateInfo(), { optOut: false });
    expect(sent.method).toBe("GET");
    expect(sent.headers.accept).toBe("application/json");
  });

  it("setPrivateInfo() posts the choice with anti-forgery", async () => {
    const sent = await sentTo("/home/settings/private-info", () => client.setPrivateInfo(true), { optOut: true });
    expect(sent.method).toBe("POST");
    expect(JSON.parse(sent.body)).toEqual({ optOut: true });
    expectAntiForgery(sent);
  });

  it.each([
    ["/sign-in/forgot", () => client.forgotPassword("ada@example.com"), { email: "ada@example.com" }],
    ["/sign-in/reset", () => client.resetPassword("ab12", "a new password"), { token: "ab12", password: "a new password" }],
    ["/join/confirm", () => client.confirmEmail("ab12"), { token: "ab12" }],
    ["/home/settings/password", () => client.changePassword({ current: "old one", password: "new one!" }), { current: "old one", password: "new one!" }],
    ["/home/settings/email", () => client.changeEmail({ email: "new@example.com", password: "pw" }), { email: "new@example.com", password: "pw" }],
    ["/home/settings/email/confirm", () => client.confirmEmailChange("ab12"), { token: "ab12" }],
    ["/unsubscribe", () => client.unsubscribe("answers.YQ.c2ln"), { token: "answers.YQ.c2ln" }],
    ["/home/settings/delete", () => client.deleteAccount("pw"), { password: "pw" }],
  ] as const)("the account call to %s posts its fields with anti-forgery", async (path, call, fields) => {
    const sent = await sentTo(path, call, { ok: true, message: "done" });
    expect(sent.method).toBe("POST");
    expect(JSON.parse(sent.body)).toEqual(fields);
    expectAntiForgery(sent);
  });
});

describe("client: the ask dialog's calls", () => {
  const refusal = (field: string, message: string) => ({ error: true, code: "validation", field, message });

  it("a refusal the dialog shows by its field raises no failure toast", async () => {
    h.server.on("/ajax.php", json(400, refusal("title", "Question must have at least 3 words.")));
    await expect(client.askQuestion({ title: "Two words" })).rejects.toMatchObject({ status: 400, data: { field: "title" } });
    h.server.on("/ajax.php", json(400, refusal("code", "Please enter the 6-digit numerical code that we sent to your email.")));
    await expect(client.confirmCode("7.abc", "12ab")).rejects.toMatchObject({ status: 400 });
    // A limit is a refusal in words too.
    h.server.on("/ajax.php", json(429, { error: true, code: "rate_limited", message: "We have sent many codes in a short time." }));
    await expect(client.resendCode("7.abc")).rejects.toMatchObject({ type: "failed request" });
    expect(h.eventNames()).toEqual([]);
  });

  it("a real failure still raises the failure toast", async () => {
    h.server.on("/ajax.php", json(500, { error: true, code: "internal", message: "internal error" }));
    await expect(client.askQuestion({ title: "Is this card worth it?" })).rejects.toMatchObject({ type: "failed request" });
    expect(h.eventNames()).toEqual(["toast"]);
    h.server.on("/ajax.php", hangUp);
    await expect(client.confirmCode("7.abc", "123456")).rejects.toMatchObject({ type: "failed request" });
    expect(h.eventNames()).toEqual(["toast", "toast"]);
  });

  it("the similar-questions lookup is silent: a refused title only leaves the suggestions out", async () => {
    h.server.on("/ajax.php", json(400, refusal("title", "title is too long")));
    await expect(client.similarQuestions("x".repeat(501))).rejects.toMatchObject({ status: 400 });
    expect(h.events).toEqual([]);
  });

  it("other writes keep the failure toast for a refusal", async () => {
    h.server.on("/ajax.php", json(400, refusal("content", "An answer must have at least 30 characters.")));
    await expect(client.postAnswer(3, "Too short")).rejects.toMatchObject({ status: 400 });
    expect(h.eventNames()).toEqual(["toast"]);
  });
});

describe("client: tracking pixel", () => {
  it("pixel() is GET /pixel.png with the ad-view fields and version 2, empty ones dropped", async () => {
    h.server.on("/pixel.png", (_, res) => res.writeHead(200, { "Content-Type": "image/png" }).end("PNG"));
    await client.pixel({ id: "card-1", pid: "", page: "/credit-cards", section: null, position: 3, totals: 10, click: true });
    const [sent] = h.server.to("/pixel.png");
    expect(sent?.method).toBe("GET");
    expect(query(sent as Seen)).toEqual({ adview_version: "2", adview_id: "card-1", adview_page: "/credit-cards", adview_position: "3", adview_totals: "10", adview_click: "1" });
  });

  it("drops position and totals when both are 0 (the payload rule of rules/adPixel)", async () => {
    h.server.on("/pixel.png", (_, res) => res.writeHead(200, { "Content-Type": "image/png" }).end("PNG"));
    await client.pixel({ id: "a", position: 0, totals: 0 });
    expect(query(h.server.to("/pixel.png")[0] as Seen)).toEqual({ adview_version: "2", adview_id: "a" });
  });

  it("retries once, ignores the failure and never emits events or toasts", async () => {
    h.server.on("/pixel.png", json(429, { error: true, code: "rate_limited", message: "x" }));
    await expect(client.pixel({ id: "card-1" })).resolves.toBeUndefined();
    expect(h.server.to("/pixel.png")).toHaveLength(2);
    expect(h.events).toEqual([]);
  });

  it("stays quiet when the network is gone", async () => {
    h.server.on("/pixel.png", hangUp);
    h.server.on("/healthz", hangUp);
    await expect(client.pixel({ id: "card-1" })).resolves.toBeUndefined();
    expect(h.events).toEqual([]);
  });
});
