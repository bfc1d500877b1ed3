export type { BannerCardProps } from './banner-card/banner-card.js';
export { BANNER_SIZE, BannerCard } from './banner-card/banner-card.js';
export type { BottomBarIcon, BottomBarItem, BottomBarProps } from './bottom-bar/bottom-bar.js';
export { BottomBar } from './bottom-bar/bottom-bar.js';
export type { ButtonProps } from './button/button.js';
export { Button, buttonClass } from './button/button.js';
export type { ChannelCardProps } from './channel-card/channel-card.js';
export { CHANNEL_IMAGE_SIZE, ChannelCard } from './channel-card/channel-card.js';
export type { CheckboxProps } from './checkbox/checkbox.js';
export { Checkbox } from './checkbox/checkbox.js';
export type { CodeInputProps } from './code-input/code-input.js';
export { CodeInput } from './code-input/code-input.js';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog.js';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog.js';
export type { EpisodeCardProps, EpisodeSliderItem, EpisodeSliderProps } from './episode-card/episode-card.js';
export { EPISODE_IMAGE_SIZE, EpisodeCard, EpisodeSlider } from './episode-card/episode-card.js';
export type { ErrorModalProps } from './error-modal/error-modal.js';
export { ErrorModal } from './error-modal/error-modal.js';
export type { ErrorScreenProps } from './error-screen/error-screen.js';
export { ErrorScreen } from './error-screen/error-screen.js';
export type { FilmCardProps } from './film-card/film-card.js';
export { FilmCard, FilmCardSkeleton, genreYear, POSTER_SIZE } from './film-card/film-card.js';
export type { FooterLink, FooterProps } from './footer/footer.js';
export { Footer } from './footer/footer.js';
export type { HeaderNavItem, HeaderProps } from './header/header.js';
export { Header } from './header/header.js';
export type { IconButtonProps } from './icon-button/icon-button.js';
export { IconButton } from './icon-button/icon-button.js';
export type { IconProps } from './icons/icons.js';
export {
  IconBack,
  IconCatalogue,
  IconChevronLeft,
  IconChevronRight,
  IconClose,
  IconFilm,
  IconMenu,
  IconMuted,
  IconPause,
  IconPlay,
  IconSearch,
  IconSound,
  IconSubscriptions,
  IconTv,
  IconUser,
} from './icons/icons.js';
export type { LazyImageProps } from './lazy-image/lazy-image.js';
export { LazyImage } from './lazy-image/lazy-image.js';
export type { LinkComponent, LinkComponentProps } from './link.js';
export { DefaultLink } from './link.js';
export type { LoaderProps } from './loader/loader.js';
export { Loader, Spinner } from './loader/loader.js';
export type { LoadingBarProps } from './loading-bar/loading-bar.js';
export { LOADING_BAR_DELAY_MS, LoadingBar } from './loading-bar/loading-bar.js';
export type { LogoProps } from './logo/logo.js';
export { Logo } from './logo/logo.js';
export type { MenuItem, MenuListProps } from './menu-list/menu-list.js';
export { MenuList } from './menu-list/menu-list.js';
export { uiMessages } from './messages.js';
export type { ModalProps } from './modal/modal.js';
export { Modal } from './modal/modal.js';
export type { PlaceholderProps } from './placeholder/placeholder.js';
export { Placeholder } from './placeholder/placeholder.js';
export type { RailProps } from './rail/rail.js';
export { Rail } from './rail/rail.js';
export type { AgeBadgeProps, RatingProps } from './rating/rating.js';
export { AgeBadge, floorRating, formatRating, Rating } from './rating/rating.js';
export type {
  ScheduleDay,
  ScheduleDayCardProps,
  ScheduleEntry,
  ScheduleListProps,
  WeekScheduleProps,
} from './schedule/schedule.js';
export { ScheduleDayCard, ScheduleList, ScheduleListSkeleton, WeekSchedule } from './schedule/schedule.js';
export type { SearchBoxProps } from './search-box/search-box.js';
export { SearchBox } from './search-box/search-box.js';
export type {
  SearchCardItem,
  SearchRecommendations,
  SearchResultItem,
  SearchResultsProps,
  SearchStatus,
} from './search-box/search-results.js';
export { SearchResults } from './search-box/search-results.js';
export type { SearchFieldProps } from './search-field/search-field.js';
export { SearchField } from './search-field/search-field.js';
export type { SkeletonProps } from './skeleton/skeleton.js';
export { Skeleton } from './skeleton/skeleton.js';
export type { SkipLinkProps } from './skip-link/skip-link.js';
export { SkipLink } from './skip-link/skip-link.js';
export type { StickerProps } from './sticker/sticker.js';
export { STICKER_HEIGHT, Sticker } from './sticker/sticker.js';
export type { TabItem, TabPanelProps, TabsProps } from './tabs/tabs.js';
export { TabPanel, Tabs } from './tabs/tabs.js';
export type { PhoneFieldProps } from './text-field/phone-field.js';
export { PhoneField } from './text-field/phone-field.js';
export type { TextFieldProps } from './text-field/text-field.js';
export { TextField } from './text-field/text-field.js';
export type { VisuallyHiddenProps } from './visually-hidden/visually-hidden.js';
export { VisuallyHidden } from './visually-hidden/visually-hidden.js';
