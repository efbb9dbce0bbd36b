export { cx } from './class-names.ts';
export * from './icons.tsx';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/Button.tsx';
export {
  TextField,
  PasswordField,
  fieldInputClassName,
  type TextFieldProps,
} from './components/TextField.tsx';
export { Combobox, type ComboOption, type ComboboxProps } from './components/Combobox.tsx';
export { Checkbox } from './components/Checkbox.tsx';
export { Dialog, useModalDialog, type DialogProps } from './components/Dialog.tsx';
export { BottomSheet } from './components/BottomSheet.tsx';
export { Card } from './components/Card.tsx';
export { Avatar, initialsOf } from './components/Avatar.tsx';
export { Badge, CountBadge, formatCount } from './components/Badge.tsx';
export { Spinner } from './components/Spinner.tsx';
export { Logo, LogoMark } from './components/Logo.tsx';
export { PagePlaceholder } from './components/PagePlaceholder.tsx';
export { ProgressBar } from './components/ProgressBar.tsx';
export { Alert } from './components/Alert.tsx';
export { Tabs, type TabItem } from './components/Tabs.tsx';
export { ToastArea } from './components/ToastArea.tsx';
export {
  toast,
  dismissToast,
  useToastStore,
  MAX_VISIBLE_TOASTS,
  DEFAULT_TOAST_DURATION_MS,
  type ToastInput,
  type ToastTone,
} from './components/toast-store.ts';
export {
  useDeviceProfile,
  getDeviceProfile,
  computeDeviceProfile,
  sizeClassFor,
  platformFor,
  isMobileUserAgent,
  MOBILE_MAX_WIDTH,
  type DeviceProfile,
  type SizeClass,
  type Platform,
} from './device-profile.ts';
export { useFeedback, type Feedback } from './use-feedback.ts';
export { SafeHtml, sanitisedHtmlToReact } from './components/SafeHtml.tsx';
export { SearchCombobox, type SearchComboboxProps } from './components/SearchCombobox.tsx';
export { ReportDialog, REPORT_REASONS, toastReportSent } from './components/ReportDialog.tsx';
