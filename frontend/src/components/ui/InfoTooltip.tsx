import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { useKeepInViewport } from "./keepInViewport";
import "./Tooltip.css";
import "./InfoTooltip.css";

export interface InfoTooltipProps {
  /** The explanation shown when the (i) button is pressed. */
  content: ReactNode;
  /** Accessible name of the (i) button. */
  label?: string;
  placement?: "top" | "bottom";
  className?: string;
}

/**
 * An (i) button that toggles an explanation (site-core §2). It opens on click or tap, not
 * hover, so it works on phones; the text appears in a polite live region so screen readers
 * read it. Escape, a tap elsewhere or focus leaving closes it.
 */
export function InfoTooltip({ content, label = "More information", placement = "top", className }: InfoTooltipProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);
  useKeepInViewport(bubble, open);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
    }
  }

  function onBlur(event: FocusEvent) {
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) setOpen(false);
  }

  return (
    <span
      ref={rootRef}
      className={["info-tooltip", className ?? ""].filter(Boolean).join(" ")}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        type="button"
        className="info-tooltip__button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">i</span>
      </button>
      <span ref={bubble} id={id} role="status" className={`tooltip__bubble tooltip__bubble--${placement}`}>
        {open ? content : null}
      </span>
    </span>
  );
}
