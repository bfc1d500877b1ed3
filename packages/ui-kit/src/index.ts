// The design tokens travel with the components: importing the kit (from source) loads them, and the
// built dist/index.css (exported as ./styles.css) holds them first.
import './tokens.css';

export { BottomBar } from './bottom-bar/bottom-bar';
export type { BottomBarIcon, BottomBarItem, BottomBarProps } from './bottom-bar/bottom-bar';
export { Button } from './button/button';
export type { ButtonProps } from './button/button';
export { Checkbox } from './checkbox/checkbox';
export type { CheckboxProps } from './checkbox/checkbox';
export { CodeInput } from './code-input/code-input';
export type { CodeInputProps } from './code-input/code-input';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog';
export { Footer } from './footer/footer';
export type { FooterLink, FooterProps } from './footer/footer';
export { Header } from './header/header';
export type { HeaderNavItem, HeaderProps } from './header/header';
export { IconButton } from './icon-button/icon-button';
export type { IconButtonProps } from './icon-button/icon-button';
export {
  IconBack,
  IconCatalogue,
  IconChevronRight,
  IconClose,
  IconMenu,
  IconSearch,
  IconSubscriptions,
  IconTv,
  IconUser,
} from './icons/icons';
export type { IconProps } from './icons/icons';
export { DefaultLink } from './link';
export type { LinkComponent, LinkComponentProps } from './link';
export { Loader, Spinner } from './loader/loader';
export type { LoaderProps } from './loader/loader';
export { Logo } from './logo/logo';
export type { LogoProps } from './logo/logo';
export { MenuList } from './menu-list/menu-list';
export type { MenuItem, MenuListProps } from './menu-list/menu-list';
export { uiMessages } from './messages';
export { Modal } from './modal/modal';
export type { ModalProps } from './modal/modal';
export { Placeholder } from './placeholder/placeholder';
export type { PlaceholderProps } from './placeholder/placeholder';
export { PhoneField } from './text-field/phone-field';
export type { PhoneFieldProps } from './text-field/phone-field';
export { TextField } from './text-field/text-field';
export type { TextFieldProps } from './text-field/text-field';
