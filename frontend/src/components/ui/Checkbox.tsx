import type { InputHTMLAttributes, ReactNode } from "react";
import "./choice.css";

export interface CheckboxProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked" | "defaultChecked" | "onChange"> {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A native checkbox with its label (site-core §4: flips on and off). */
export function Checkbox({ label, checked, onChange, className, ...rest }: CheckboxProps) {
  return (
    <label className={["checkbox", className ?? ""].filter(Boolean).join(" ")}>
      <input
        {...rest}
        type="checkbox"
        className="checkbox__input"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className="checkbox__label">{label}</span>
    </label>
  );
}
