export type { ScheduleDay } from './days.js';
export {
  daysBetween,
  formatOffset,
  scheduleDayAt,
  scheduleDays,
  utcOffsetMinutes,
} from './days.js';
export { dayLabel, dayLabels, formatTime } from './labels.js';
export type { TimedProgramme } from './programmes.js';
export {
  byStart,
  currentProgramme,
  fromCurrent,
  isArchived,
  nextProgrammes,
  nextScheduleChange,
  programmesOfDay,
  programmesStartingIn,
} from './programmes.js';
export type { RegionInfo } from './region.js';
export { regionInfo, viewerTimeZone } from './region.js';
