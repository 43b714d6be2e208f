// The one rule for an attempt's deadline (issue 16; docs/decisions/0016), as SQL so the database's clock decides:
// start + duration + the student's extra time, and in a sitting no later than its end + the same extra time (an
// accommodation is honoured even when the room's time is over), then + any minutes granted during it. No duration
// and no sitting: no deadline. Used when an attempt starts and when a sitting's end is moved.
import { sql, type SQL } from "drizzle-orm";

const INFINITY = sql.raw(`'infinity'::timestamptz`);

export function deadlineSql(parts: { start: SQL; durationMinutes: SQL; sittingEndsAt: SQL; extraMinutes: SQL; grantedMinutes: SQL }): SQL {
  const { start, durationMinutes, sittingEndsAt, extraMinutes, grantedMinutes } = parts;
  return sql`(nullif(least(
      coalesce(${start} + make_interval(mins => (${durationMinutes})::int + (${extraMinutes})::int), ${INFINITY}),
      coalesce((${sittingEndsAt})::timestamptz + make_interval(mins => (${extraMinutes})::int), ${INFINITY})
    ), ${INFINITY}) + make_interval(mins => (${grantedMinutes})::int))`;
}
