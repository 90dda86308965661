import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import "./PasswordInput.css";

export interface PasswordInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "defaultValue" | "onChange"> {
  value: string;
  onChange: (value: string) => void;
  /** Visible label; leave it out when a `<label htmlFor={id}>` outside names the field. */
  label?: ReactNode;
  /** Marks the field aria-invalid. */
  invalid?: boolean;
  /** Accessible name of the show/hide button; its pressed state says whether the password shows. */
  showLabel?: string;
}

/**
 * A password field whose show/hide button appears only while the field has a value
 * (site-core §5). The button is a toggle (aria-pressed) that switches the input between
 * type password and type text.
 */
export function PasswordInput({
  value,
  onChange,
  label,
  invalid,
  showLabel = "Show password",
  id,
  className,
  ...rest
}: PasswordInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const [shown, setShown] = useState(false);
  const hasValue = value.length > 0;
  // An emptied field masks again, so the next password starts hidden.
  if (!hasValue && shown) setShown(false);

  return (
    <div className={["password-input", className ?? ""].filter(Boolean).join(" ")}>
      {label !== undefined && (
        <label htmlFor={inputId} className="password-input__label">
          {label}
        </label>
      )}
      <div className="password-input__field">
        <input
          aria-invalid={invalid || undefined}
          {...rest}
          id={inputId}
          type={shown ? "text" : "password"}
          className="password-input__input"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        {hasValue && (
          <button
            type="button"
            className="password-input__toggle"
            aria-label={showLabel}
            aria-pressed={shown}
            aria-controls={inputId}
            onClick={() => setShown((was) => !was)}
          >
            <EyeIcon crossed={shown} />
          </button>
        )}
      </div>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
