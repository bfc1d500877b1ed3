export { registerEmbed } from './module';
export { embedPlayerScript, embedPlaygroundRoutes } from './playground';
export { clearSwitch, type SwitchRow, setSwitch, switchRow } from './queries';
export { embedRoutes } from './routes';
export {
  GLOBAL_SCOPE,
  isContentName,
  reserveUrlProblem,
  switchState,
} from './switches';
