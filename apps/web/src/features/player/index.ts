export type { PlayerBlockProps, PlayerRequest } from './player-block';
export { PlayerBlock } from './player-block';
export type { PlayerSlotProps } from './player-slot';
export { PlayerSlot } from './player-slot';
export type { PlayerStage, PlayLogic } from './use-play-logic';
export { usePlayLogic } from './use-play-logic';
export type { WatchButtonProps } from './watch-button';
export { WatchButton } from './watch-button';
