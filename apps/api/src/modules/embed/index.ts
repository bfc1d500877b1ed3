// The entry of modules/embed: all that other code may import from it (modules' rule, src/boundaries.test.ts).
// Partner embeds: frame configs, the light service's switches, the SDK's playground. docs/architecture/embed.md
export { registerEmbed } from './module';
export { clearSwitch, type SwitchRow, setSwitch, switchRow } from './queries';
export {
  GLOBAL_SCOPE,
  isContentName,
  reserveUrlProblem,
  switchState,
} from './switches';
