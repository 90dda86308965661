// Members who vote over HTTP, the way the page's request layer does (window id, token,
// sign-up, a fresh token for the session, then the vote), for journeys that need other
// members' votes on the same product.

/** A tiny cookie jar: name=value of every cookie the server set. */
function jar() {
  const cookies = new Map();
  return {
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair.indexOf("=");
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
  };
}

/** Joins a new member from the forwarded address `ip` and casts `stars` on offer `id`. */
export async function voteAsNewMember(base, ip, id, stars) {
  const cookies = jar();
  const headers = () => ({ "x-forwarded-for": ip, cookie: cookies.header() });
  const send = async (path, init = {}) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers(), ...init.headers } });
    cookies.take(response);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const { __whid: whid } = await (await send("/sid.php?a=1&buster=1")).json();
  const token = async () => (await send("/home/rpc?action=get-csrf-token", { headers: { "x-xsrf-whid": whid } })).text();
  const post = async (path, form, xsrf) =>
    send(path, {
      method: "POST",
      body: new URLSearchParams(form).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", "x-xsrf-whid": whid, "x-xsrf-token": xsrf },
    });
  const email = `voter-${ip.replaceAll(".", "-")}-${Date.now()}@example.com`;
  await post("/join", { email, password: "correct horse battery" }, await token());
  const answer = await (await post("/home/rpc", { action: "Details.SetRate", pid: id, rtg: String(stars) }, await token())).json();
  if (answer.error) throw new Error(`vote refused: ${JSON.stringify(answer)}`);
}
