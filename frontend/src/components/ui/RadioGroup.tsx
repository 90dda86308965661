import { useId, type ReactNode } from "react";
import "./choice.css";

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string = string> {
  /** The group's visible name (a fieldset legend). */
  legend: ReactNode;
  options: readonly RadioOption<V>[];
  /** null while nothing is chosen. */
  value: V | null;
  onChange: (value: V) => void;
  /** Form field name; generated when omitted. */
  name?: string;
  disabled?: boolean;
  hideLegend?: boolean;
  className?: string;
}

/**
 * Native radio buttons in a fieldset, so the browser provides the WAI-ARIA radio-group
 * keyboard behaviour: Tab enters at the chosen option and the arrow keys move and choose.
 */
export function RadioGroup<V extends string = string>({
  legend,
  options,
  value,
  onChange,
  name,
  disabled = false,
  hideLegend = false,
  className,
}: RadioGroupProps<V>) {
  const generated = useId();
  const groupName = name ?? generated;
  return (
    <fieldset className={["radio-group", className ?? ""].filter(Boolean).join(" ")} disabled={disabled}>
      <legend className={hideLegend ? "visually-hidden" : "radio-group__legend"}>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio">
          <input
            type="radio"
            className="radio__input"
            name={groupName}
            value={option.value}
            checked={option.value === value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span className="radio__label">{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
