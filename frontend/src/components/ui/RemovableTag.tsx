import "./RemovableTag.css";

export interface RemovableTagProps {
  label: string;
  onRemove: () => void;
  /** Accessible name of the remove button; defaults to "Remove <label>". */
  removeLabel?: string;
  className?: string;
}

/** A tag with a remove button (site-core §2), e.g. an active filter. */
export function RemovableTag({ label, onRemove, removeLabel, className }: RemovableTagProps) {
  return (
    <span className={["tag", className ?? ""].filter(Boolean).join(" ")}>
      <span className="tag__label">{label}</span>
      <button type="button" className="tag__remove" aria-label={removeLabel ?? `Remove ${label}`} onClick={onRemove}>
        <span aria-hidden="true">×</span>
      </button>
    </span>
  );
}
