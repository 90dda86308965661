import { Dropdown, type DropdownProps } from "./Dropdown";

export type YesNo = "yes" | "no";

export interface YesNoDropdownProps
  extends Omit<DropdownProps<YesNo>, "options" | "value" | "onChange" | "clearable" | "clearLabel"> {
  /** null while unanswered. */
  value: YesNo | null;
  onChange: (value: YesNo | null) => void;
  yesLabel?: string;
  noLabel?: string;
}

/**
 * A dropdown answered Yes or No (site-core §4): unset, Yes or No, and choosing the current
 * answer again unsets it.
 */
export function YesNoDropdown({ value, onChange, yesLabel = "Yes", noLabel = "No", ...rest }: YesNoDropdownProps) {
  return (
    <Dropdown<YesNo>
      {...rest}
      options={[
        { value: "yes", label: yesLabel },
        { value: "no", label: noLabel },
      ]}
      value={value}
      onChange={(chosen) => onChange(chosen === value ? null : chosen)}
    />
  );
}
