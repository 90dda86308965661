/** Records what the request layer tells the page, for assertions. */
import { onApiEvent, type ApiEventMap, type ApiEventName } from "../events";

export type Recorded = { [K in ApiEventName]: { name: K; payload: ApiEventMap[K] } }[ApiEventName];

const NAMES: ApiEventName[] = ["maintenance", "banned", "no-internet", "device-insecure", "captcha-block", "toast"];

export function recordEvents(): { events: Recorded[]; names: () => ApiEventName[]; stop: () => void } {
  const events: Recorded[] = [];
  const stops = NAMES.map((name) => onApiEvent(name, (payload) => events.push({ name, payload } as Recorded)));
  return { events, names: () => events.map((e) => e.name), stop: () => stops.forEach((stop) => stop()) };
}
