import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import { locksScroll, MODAL_ANIMATION_MS } from "../../rules/constants";
import { focusableWithin } from "./focusable";
import { lockScroll } from "./scrollLock";
import { useViewportWidth } from "./useViewportWidth";
import "./Modal.css";

export interface ModalProps {
  /** Whether the modal is open; closing keeps it mounted for the closing animation. */
  open: boolean;
  /** Called for Escape, the close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading; it is also the dialog's accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Element to focus on opening; by default the dialog itself takes focus. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the close button. */
  closeLabel?: string;
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * A modal dialog (site-core §2, §4): rendered into the body, focus moved in and kept in,
 * Escape closes, focus returns to the element that was focused when it opened.
 * Full screen at 580 px or less (Modal.css); locks page scroll below 768 px.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  initialFocusRef,
  closeLabel = "Close",
  closeOnBackdrop = true,
  className,
}: ModalProps) {
  const [mounted, setMounted] = useState(open);
  // Mount as soon as it opens (derived during render, so the first open paints in one pass).
  if (open && !mounted) setMounted(true);
  const closing = mounted && !open;

  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const width = useViewportWidth();
  const lockScrollNow = open && locksScroll(width);

  // After closing, unmount once the closing animation has played.
  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => setMounted(false), MODAL_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  useEffect(() => {
    if (!lockScrollNow) return;
    return lockScroll();
  }, [lockScrollNow]);

  // Move focus in on opening, in the same task as the render, so a key pressed at once
  // (Escape, Tab) already lands in the dialog; give it back to the opener on closing or
  // unmounting.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (initialFocusRef?.current ?? panel)?.focus();

    // Focus that lands on the page behind (a screen reader's cursor, a script) is pulled back
    // in. Focus in another modal dialog is left alone, so a modal opened from this one works.
    const keepFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!panel || !(target instanceof Element) || panel.contains(target)) return;
      if (!target.closest("[aria-modal='true']")) panel.focus();
    };
    document.addEventListener("focusin", keepFocusIn);
    return () => {
      document.removeEventListener("focusin", keepFocusIn);
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is read once per opening on purpose.
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Keys from a modal rendered inside this one (a portal elsewhere in the page) are its own.
    if (!open || !(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab") return;
    const panel = event.currentTarget;
    const items = focusableWithin(panel);
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      panel.focus();
    } else if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  if (!mounted) return null;

  return createPortal(
    <div
      className={["modal", closing ? "modal--closing" : "", className ?? ""].filter(Boolean).join(" ")}
      inert={closing}
    >
      <div
        className="modal__backdrop"
        aria-hidden="true"
        onClick={closeOnBackdrop && open ? onClose : undefined}
      />
      <div
        ref={panelRef}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
