/** The small accessible UI components (site-core §2, §4, §5, §9). */
export { Checkbox, type CheckboxProps } from "./Checkbox";
export { InfoTooltip, type InfoTooltipProps } from "./InfoTooltip";
export { Modal, type ModalProps } from "./Modal";
export { PasswordInput, type PasswordInputProps } from "./PasswordInput";
export { Popup, type PopupProps } from "./Popup";
export { RemovableTag, type RemovableTagProps } from "./RemovableTag";
export { RetryAlert } from "./RetryAlert";
export { ToastViewport, type ToastViewportProps } from "./Toast";
export { DEFAULT_TOAST_MESSAGE, showToast, useToastStore, type Toast, type ToastState } from "./toastStore";
export { Toggle, type ToggleProps } from "./Toggle";
export { Tooltip, type TooltipProps } from "./Tooltip";
export { TruncatedText, type TruncatedTextProps } from "./TruncatedText";
export { useViewportWidth } from "./useViewportWidth";
