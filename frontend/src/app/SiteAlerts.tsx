import { useEffect, useState } from "react";
import { onApiEvent } from "../api/events";
import { showToast } from "../components/ui/toastStore";
import "./SiteAlerts.css";

type Alert = { kind: "maintenance" | "banned" | "no-internet" | "device-insecure"; trace?: string | null };

const TEXT: Record<Alert["kind"], string> = {
  maintenance: "We are doing some maintenance. Please try again in a few minutes.",
  banned: "Your requests have been blocked. If you think this is a mistake, tell us the reference below.",
  "no-internet": "You seem to be offline. Check your connection and try again.",
  "device-insecure": "This device's connection could not be trusted, so the request was not sent.",
};

/** Turns the request layer's site-wide events into a banner, and its toasts into toasts. */
export function SiteAlerts() {
  const [alert, setAlert] = useState<Alert | null>(null);
  useEffect(() => {
    const offs = [
      onApiEvent("toast", (t) => void showToast(t.message, t.durationMs)),
      onApiEvent("maintenance", () => setAlert({ kind: "maintenance" })),
      onApiEvent("banned", (e) => setAlert({ kind: "banned", trace: e.trace })),
      onApiEvent("no-internet", () => setAlert({ kind: "no-internet" })),
      onApiEvent("device-insecure", () => setAlert({ kind: "device-insecure" })),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  if (!alert) return null;
  return (
    <div className="site-alert" role="alert">
      <p className="container">
        {TEXT[alert.kind]}
        {alert.trace && <> Reference: <code>{alert.trace}</code></>}{" "}
        <button type="button" className="button button--link" onClick={() => setAlert(null)}>
          Dismiss
        </button>
      </p>
    </div>
  );
}
