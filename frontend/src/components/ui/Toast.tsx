import { useEffect, useState } from "react";
import { useLatest } from "./useLatest";
import { useToastStore, type Toast } from "./toastStore";
import "./Toast.css";

export interface ToastViewportProps {
  /** Accessible name of each toast's dismiss button. */
  dismissLabel?: string;
  className?: string;
}

/**
 * Where error toasts appear (site-core §2, §9); mount it once in the page shell. The region is
 * a polite live region that is always present, so screen readers announce each new message.
 */
export function ToastViewport({ dismissLabel = "Dismiss", className }: ToastViewportProps) {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      className={["toast-viewport", className ?? ""].filter(Boolean).join(" ")}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismissLabel={dismissLabel} />
      ))}
    </div>
  );
}

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const dismiss = useToastStore((state) => state.dismiss);
  // The countdown pauses while the pointer or focus is on the toast, so it can be read and dismissed.
  const [held, setHeld] = useState({ hover: false, focus: false });
  const paused = held.hover || held.focus;
  const expire = useLatest(() => dismiss(toast.id));

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => expire(), toast.durationMs);
    return () => clearTimeout(timer);
  }, [paused, toast.durationMs]);

  return (
    <div
      className="toast"
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={() => setHeld((h) => ({ ...h, focus: false }))}
    >
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__dismiss" aria-label={dismissLabel} onClick={() => dismiss(toast.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
