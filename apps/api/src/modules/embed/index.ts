export { registerEmbed } from './module';
export { embedPlayerScript, embedPlaygroundRoutes } from './playground';
export { embedRoutes } from './routes';
export {
  clearSwitch,
  GLOBAL_SCOPE,
  isContentName,
  reserveUrlProblem,
  type SwitchRow,
  setSwitch,
  switchRow,
  switchState,
} from './switches';
