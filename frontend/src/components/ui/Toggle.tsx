import type { ButtonHTMLAttributes, ReactNode } from "react";
import "./Toggle.css";

export interface ToggleProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onChange" | "role" | "type" | "children"> {
  /** Visible label; it is the switch's accessible name. */
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off switch (site-core §4): a button with role="switch" and aria-checked; Space and Enter flip it. */
export function Toggle({ label, checked, onChange, className, onClick, ...rest }: ToggleProps) {
  return (
    <button
      {...rest}
      type="button"
      role="switch"
      aria-checked={checked}
      className={["toggle", className ?? ""].filter(Boolean).join(" ")}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onChange(!checked);
      }}
    >
      <span className="toggle__track" aria-hidden="true">
        <span className="toggle__thumb" />
      </span>
      <span className="toggle__label">{label}</span>
    </button>
  );
}
