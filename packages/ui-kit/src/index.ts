// The design tokens travel with the components: importing the kit (from source) loads them, and the
// built dist/index.css (exported as ./styles.css) holds them first.
import './tokens.css';

export type { BottomBarIcon, BottomBarItem, BottomBarProps } from './bottom-bar/bottom-bar';
export { BottomBar } from './bottom-bar/bottom-bar';
export type { ButtonProps } from './button/button';
export { Button } from './button/button';
export type { CheckboxProps } from './checkbox/checkbox';
export { Checkbox } from './checkbox/checkbox';
export type { CodeInputProps } from './code-input/code-input';
export { CodeInput } from './code-input/code-input';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog';
export type { FooterLink, FooterProps } from './footer/footer';
export { Footer } from './footer/footer';
export type { HeaderNavItem, HeaderProps } from './header/header';
export { Header } from './header/header';
export type { IconButtonProps } from './icon-button/icon-button';
export { IconButton } from './icon-button/icon-button';
export type { IconProps } from './icons/icons';
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
export type { LinkComponent, LinkComponentProps } from './link';
export { DefaultLink } from './link';
export type { LoaderProps } from './loader/loader';
export { Loader, Spinner } from './loader/loader';
export type { LogoProps } from './logo/logo';
export { Logo } from './logo/logo';
export type { MenuItem, MenuListProps } from './menu-list/menu-list';
export { MenuList } from './menu-list/menu-list';
export { uiMessages } from './messages';
export type { ModalProps } from './modal/modal';
export { Modal } from './modal/modal';
export type { PlaceholderProps } from './placeholder/placeholder';
export { Placeholder } from './placeholder/placeholder';
export type { PhoneFieldProps } from './text-field/phone-field';
export { PhoneField } from './text-field/phone-field';
export type { TextFieldProps } from './text-field/text-field';
export { TextField } from './text-field/text-field';
