/** The internet check the catalogue runs when a request got no answer at all. */
import { send } from "./send";
import { apiSettings, siteUrl } from "./settings";

/** True when the check address answers with a 2xx within the check's timeout. */
export async function checkConnectivity(signal?: AbortSignal): Promise<boolean> {
  const { connectivityCheckUrl, connectivityTimeoutMs } = apiSettings();
  // The buster keeps a cached answer from hiding that the network is gone.
  const url = `${siteUrl(connectivityCheckUrl)}${connectivityCheckUrl.includes("?") ? "&" : "?"}buster=${Date.now()}`;
  const outcome = await send({ method: "GET", url, headers: { Accept: "text/plain" } }, connectivityTimeoutMs, signal);
  return outcome.answered && outcome.status >= 200 && outcome.status < 300;
}
