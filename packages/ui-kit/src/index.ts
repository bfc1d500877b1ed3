// The design tokens travel with the components: importing the kit (from source) loads them, and the
// built dist/index.css (exported as ./styles.css) holds them first.
import './tokens.css';

export type { BannerCardProps } from './banner-card/banner-card';
export { BANNER_SIZE, BannerCard } from './banner-card/banner-card';
export type { BottomBarIcon, BottomBarItem, BottomBarProps } from './bottom-bar/bottom-bar';
export { BottomBar } from './bottom-bar/bottom-bar';
export type { ButtonProps } from './button/button';
export { Button } from './button/button';
export type { ChannelCardProps } from './channel-card/channel-card';
export { CHANNEL_IMAGE_SIZE, ChannelCard } from './channel-card/channel-card';
export type { CheckboxProps } from './checkbox/checkbox';
export { Checkbox } from './checkbox/checkbox';
export type { CodeInputProps } from './code-input/code-input';
export { CodeInput } from './code-input/code-input';
export type { ConfirmDialogProps } from './confirm-dialog/confirm-dialog';
export { ConfirmDialog } from './confirm-dialog/confirm-dialog';
export type { EpisodeCardProps, EpisodeSliderItem, EpisodeSliderProps } from './episode-card/episode-card';
export { EPISODE_IMAGE_SIZE, EpisodeCard, EpisodeSlider } from './episode-card/episode-card';
export type { ErrorModalProps } from './error-modal/error-modal';
export { ErrorModal } from './error-modal/error-modal';
export type { FilmCardProps } from './film-card/film-card';
export { FilmCard, FilmCardSkeleton, genreYear, POSTER_SIZE } from './film-card/film-card';
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
} from './icons/icons';
export type { LazyImageProps } from './lazy-image/lazy-image';
export { LazyImage } from './lazy-image/lazy-image';
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
export type { RailProps } from './rail/rail';
export { Rail } from './rail/rail';
export type { AgeBadgeProps, RatingProps } from './rating/rating';
export { AgeBadge, floorRating, formatRating, Rating } from './rating/rating';
export type {
  ScheduleDay,
  ScheduleDayCardProps,
  ScheduleEntry,
  ScheduleListProps,
  WeekScheduleProps,
} from './schedule/schedule';
export { ScheduleDayCard, ScheduleList, ScheduleListSkeleton, WeekSchedule } from './schedule/schedule';
export type { SearchBoxProps } from './search-box/search-box';
export { SearchBox } from './search-box/search-box';
export type {
  SearchCardItem,
  SearchRecommendations,
  SearchResultItem,
  SearchResultsProps,
  SearchStatus,
} from './search-box/search-results';
export { SearchResults } from './search-box/search-results';
export type { SkeletonProps } from './skeleton/skeleton';
export { Skeleton } from './skeleton/skeleton';
export type { StickerProps } from './sticker/sticker';
export { STICKER_HEIGHT, Sticker } from './sticker/sticker';
export type { TabItem, TabPanelProps, TabsProps } from './tabs/tabs';
export { TabPanel, Tabs } from './tabs/tabs';
export type { PhoneFieldProps } from './text-field/phone-field';
export { PhoneField } from './text-field/phone-field';
export type { TextFieldProps } from './text-field/text-field';
export { TextField } from './text-field/text-field';
