/**
 * A channel's catch-up depth in days, the one rule the guide (getTvSchedule's `archive_days`) and the
 * stream (getReleaseChannel's archive, the DVR window) both follow: the manifest's `archive_days`,
 * within ARCHIVE_DAYS when that is set (docs/decisions/029).
 */
export function archiveDaysOf(manifestDays: number, cap: number | undefined): number {
  return Math.max(0, Math.min(manifestDays, cap ?? manifestDays));
}
