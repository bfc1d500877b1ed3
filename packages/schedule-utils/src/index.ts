export type { ScheduleDay } from './days';
export {
  daysBetween,
  formatOffset,
  SCHEDULE_DAYS,
  scheduleDayAt,
  scheduleDays,
  utcOffsetMinutes,
} from './days';
export { dayLabel, dayLabels, formatTime } from './labels';
export type { TimedProgramme } from './programmes';
export {
  byStart,
  currentProgramme,
  fromCurrent,
  nextProgrammes,
  programmesOfDay,
  programmesStartingIn,
} from './programmes';
export type { RegionInfo } from './region';
export { regionInfo, viewerTimeZone } from './region';
