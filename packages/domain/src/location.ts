export const NO_LOCATION_TEXT = 'No location updates available';

export interface LocationUpdate {
  location: string;
  /** ISO 8601 date-time. */
  timestamp: string;
}

/** Location of the update with the latest timestamp, or the "no updates" text. */
export function currentLocation(updates: readonly LocationUpdate[] | null | undefined): string {
  let latest: LocationUpdate | undefined;
  let latestTime = Number.NEGATIVE_INFINITY;
  for (const update of updates ?? []) {
    const time = Date.parse(update.timestamp);
    if (!Number.isNaN(time) && time >= latestTime) {
      latest = update;
      latestTime = time;
    }
  }
  return latest ? latest.location : NO_LOCATION_TEXT;
}
