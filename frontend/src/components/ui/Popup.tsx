import {
  useEffect,
  useId,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { useLatest } from "./useLatest";
import { POPUP_CLOSE_ENABLE_MS } from "../../rules/constants";
import "./Popup.css";

export interface PopupProps extends Omit<HTMLAttributes<HTMLDivElement>, "title" | "role"> {
  open: boolean;
  /** Called by the close button, by Escape and when `autoCloseMs` runs out. */
  onClose: () => void;
  /** Heading that names the popup; without it pass `aria-label`. */
  title?: ReactNode;
  children?: ReactNode;
  /** Close by itself this long after opening (the rating thank-you popup uses THANK_YOU_POPUP_MS). */
  autoCloseMs?: number;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

/**
 * A small non-modal dialog (site-core §4): it does not take focus, and it cannot be dismissed
 * in its first 500 ms, so the click or hover that opened it cannot close it by accident.
 * Positioning is left to the caller's class.
 */
export function Popup({ open, ...props }: PopupProps) {
  // Mounting the body per opening restarts its timers and disables the close button again.
  return open ? <OpenPopup {...props} /> : null;
}

function OpenPopup({
  onClose,
  title,
  children,
  autoCloseMs,
  closeLabel = "Close",
  className,
  onKeyDown,
  ...rest
}: Omit<PopupProps, "open">) {
  const [closable, setClosable] = useState(false);
  const titleId = useId();
  const close = useLatest(() => onClose());

  useEffect(() => {
    const timer = setTimeout(() => setClosable(true), POPUP_CLOSE_ENABLE_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (autoCloseMs === undefined) return;
    const timer = setTimeout(() => close(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [autoCloseMs]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    onKeyDown?.(event);
    if (event.key === "Escape" && closable && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  }

  return (
    <div
      {...rest}
      role="dialog"
      aria-labelledby={title === undefined ? undefined : titleId}
      className={["popup", className ?? ""].filter(Boolean).join(" ")}
      onKeyDown={handleKeyDown}
    >
      <button type="button" className="popup__close" aria-label={closeLabel} disabled={!closable} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {title !== undefined && (
        <p id={titleId} className="popup__title">
          {title}
        </p>
      )}
      <div className="popup__body">{children}</div>
    </div>
  );
}
