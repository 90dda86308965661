import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { DROPDOWN_IGNORE_MS } from "../../rules/constants";
import "./Dropdown.css";

export interface DropdownOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps<V extends string = string> {
  /** Visible label; it names both the button and the list. */
  label: string;
  options: readonly DropdownOption<V>[];
  /** The chosen value, or null for none. */
  value: V | null;
  /** Called for every choice, including choosing the current value again; null from the clear option. */
  onChange: (value: V | null) => void;
  /** Button text while nothing is chosen. */
  placeholder?: string;
  /** Adds a first option that resets the choice to none. */
  clearable?: boolean;
  clearLabel?: string;
  disabled?: boolean;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  className?: string;
}

type Item<V> = { value: V | null; label: string; disabled?: boolean };

const TYPEAHEAD_RESET_MS = 500;

/**
 * A select-like dropdown (site-core §2, §4): a button with aria-haspopup="listbox" that opens a
 * listbox. Arrow keys, Home and End move, Enter or Space chooses, Escape closes, typing jumps to
 * a matching option. Choices in the first 100 ms after opening are ignored, so the tap or click
 * that opened the list cannot also choose from it.
 */
export function Dropdown<V extends string = string>({
  label,
  options,
  value,
  onChange,
  placeholder = "Select",
  clearable = false,
  clearLabel = "Clear",
  disabled = false,
  hideLabel = false,
  className,
}: DropdownProps<V>) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const openedAt = useRef(0);
  const typed = useRef({ text: "", at: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const items: Item<V>[] = clearable ? [{ value: null, label: clearLabel }, ...options] : [...options];
  const selected = options.find((option) => option.value === value);

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  useEffect(() => {
    // Keep the active option in view in a long list (jsdom has no scrollIntoView).
    if (open) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  }, [open, active]);

  function openList(at?: "first" | "last") {
    if (disabled) return;
    const enabled = enabledIndexes();
    const current = items.findIndex((item) => item.value === value && item.value !== null);
    const start = at === "last" ? enabled[enabled.length - 1] : at === "first" ? enabled[0] : undefined;
    setActive(start ?? (current >= 0 ? current : (enabled[0] ?? 0)));
    openedAt.current = Date.now();
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(index: number) {
    if (Date.now() - openedAt.current < DROPDOWN_IGNORE_MS) return;
    const item = items[index];
    if (!item || item.disabled) return;
    close(true);
    onChange(item.value);
  }

  function enabledIndexes(): number[] {
    return items.flatMap((item, index) => (item.disabled ? [] : [index]));
  }

  function move(step: 1 | -1) {
    const enabled = enabledIndexes();
    const position = enabled.indexOf(active);
    const next = enabled[Math.min(Math.max(position + step, 0), enabled.length - 1)];
    if (next !== undefined) setActive(next);
  }

  function typeahead(char: string) {
    const now = Date.now();
    const text = (now - typed.current.at > TYPEAHEAD_RESET_MS ? "" : typed.current.text) + char.toLowerCase();
    typed.current = { text, at: now };
    // Search from the active option onwards (from the next one for a fresh single letter), wrapping.
    const from = text.length === 1 ? active + 1 : active;
    for (let offset = 0; offset < items.length; offset += 1) {
      const index = (from + offset) % items.length;
      const item = items[index];
      if (item && !item.disabled && item.label.toLowerCase().startsWith(text)) {
        setActive(index);
        return;
      }
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openList(event.key === "ArrowUp" ? "last" : undefined);
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    switch (event.key) {
      case "ArrowDown":
        move(1);
        break;
      case "ArrowUp":
        move(-1);
        break;
      case "Home":
        setActive(enabledIndexes()[0] ?? active);
        break;
      case "End":
        setActive(enabledIndexes().at(-1) ?? active);
        break;
      case "Enter":
      case " ":
        choose(active);
        break;
      case "Escape":
        event.stopPropagation();
        close(true);
        break;
      case "Tab":
        close(false);
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          typeahead(event.key);
          break;
        }
        return;
    }
    event.preventDefault();
  }

  function onListBlur(event: FocusEvent<HTMLUListElement>) {
    // Focus leaving for anything but the button (which toggles the list itself) closes it.
    if (event.relatedTarget !== buttonRef.current) close(false);
  }

  return (
    <div className={["dropdown", open ? "dropdown--open" : "", className ?? ""].filter(Boolean).join(" ")}>
      <span id={labelId} className={hideLabel ? "visually-hidden" : "dropdown__label"}>
        {label}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        disabled={disabled}
        onClick={() => (open ? close(true) : openList())}
        onKeyDown={onButtonKeyDown}
      >
        <span className={selected ? "dropdown__value" : "dropdown__value dropdown__value--placeholder"}>
          {selected?.label ?? placeholder}
        </span>
        <span className="dropdown__arrow" aria-hidden="true" />
      </button>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-activedescendant={optionId(active)}
          className="dropdown__list"
          onKeyDown={onListKeyDown}
          onBlur={onListBlur}
        >
          {items.map((item, index) => (
            <li
              key={item.value === null ? "clear" : `option-${item.value}`}
              id={optionId(index)}
              role="option"
              aria-selected={item.value !== null && item.value === value}
              aria-disabled={item.disabled || undefined}
              className={[
                "dropdown__option",
                index === active ? "dropdown__option--active" : "",
                item.value === null ? "dropdown__option--clear" : "",
              ]
                .filter(Boolean)
                .join(" ")}
              onClick={() => choose(index)}
              onMouseMove={() => {
                if (!item.disabled && index !== active) setActive(index);
              }}
            >
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
