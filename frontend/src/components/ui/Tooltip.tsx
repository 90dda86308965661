import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from "react";
import { useKeepInViewport } from "./keepInViewport";
import "./Tooltip.css";

type TriggerProps = { "aria-describedby"?: string };

export interface TooltipProps {
  /** The tooltip's text; it becomes the trigger's accessible description. */
  content: ReactNode;
  /** One focusable element (a button or a link) that the tooltip describes. */
  children: ReactElement<TriggerProps>;
  placement?: "top" | "bottom";
  className?: string;
}

/**
 * A tooltip (site-core §2) shown while its trigger is hovered or focused, dismissed with
 * Escape without moving the pointer or focus, and kept open while the pointer is over it.
 */
export function Tooltip({ content, children, placement = "top", className }: TooltipProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const bubble = useRef<HTMLSpanElement>(null);
  useKeepInViewport(bubble, visible);

  // Escape also works while the tooltip is only hovered and focus is elsewhere.
  useEffect(() => {
    if (!visible) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") setVisible(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [visible]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && visible) {
      // The first Escape only closes the tooltip, not a dialog around it.
      event.stopPropagation();
      setVisible(false);
    }
  }

  const describedBy = [children.props["aria-describedby"], id].filter(Boolean).join(" ");
  const show = () => setVisible(true);
  const hide = () => setVisible(false);

  return (
    <span
      className={["tooltip", className ?? ""].filter(Boolean).join(" ")}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
    >
      {cloneElement(children, { "aria-describedby": describedBy })}
      <span ref={bubble} id={id} role="tooltip" className={`tooltip__bubble tooltip__bubble--${placement}`} hidden={!visible}>
        {content}
      </span>
    </span>
  );
}
